import {
  freeOfferSchema,
  localChallengeDetailsSchema,
  type OrderReceipt,
  orderReceiptSchema,
  type PostPurchaseAcceptResult,
  type PostPurchaseState,
  postPurchaseAcceptResultSchema,
  postPurchaseDeclineResultSchema,
  postPurchaseMessages,
  postPurchaseStateSchema,
} from '@funnelry/shared'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { postPurchaseOffer } from '../../../testing/factories/funnel'
import { apiHandler, server } from '../../../testing/msw'
import { renderApp } from '../../../testing/render'
import ThankYouPurchasePage from './thank-you-purchase-page'

const reference = 'r'.repeat(22)

const receipt = (extra: OrderReceipt['items']): OrderReceipt => ({
  reference,
  order_id: 'order-1',
  status: 'paid',
  items: [{ id: 'free-1', kind: 'free', name: 'The guide', price: '0.00', url: 'https://acme.example/guide.pdf' }, ...extra],
  total: extra.length ? '49.00' : '0.00',
  currency: 1,
})

/** What every step of the sequence says of the whole: two steps, the seller's logo and name. */
const sequence = {
  expires_at: '2030-01-01T00:00:00Z',
  step_count: 2,
  logo: 'https://media.example/logo.png',
  business_name: 'Acme Books',
} as const

/** A server holding a two-offer sequence: step 1 ($49, downsell $19), then done. */
function mockSequence(acceptAnswer: PostPurchaseAcceptResult) {
  const calls: string[] = []
  let state: PostPurchaseState = {
    done: false,
    step: 1,
    kind: 'upsell',
    offer: postPurchaseOffer('o-1', 'The Course', '49.00'),
    ...sequence,
  }
  const downsell: PostPurchaseState = {
    done: false,
    step: 1,
    kind: 'downsell',
    offer: postPurchaseOffer('o-2', 'The Course Lite', '19.00'),
    ...sequence,
  }
  let charged = false
  server.use(
    apiHandler('get', '/order-receipts/:reference/', orderReceiptSchema, () =>
      HttpResponse.json(
        receipt(
          charged ? [{ id: 'o-1', kind: 'post_purchase', name: 'The Course', price: '49.00', url: 'https://acme.example/course' }] : [],
        ),
      ),
    ),
    apiHandler('get', '/post-purchase/:reference/', postPurchaseStateSchema, () => HttpResponse.json(state)),
    // The page reads the offer for the seller's logo and links; gone here.
    apiHandler('get', '/free-product/:id/', freeOfferSchema, () => HttpResponse.json({ detail: 'Not found.' }, { status: 404 })),
    apiHandler('post', '/post-purchase/:reference/accept/', postPurchaseAcceptResultSchema, async ({ request }) => {
      calls.push(`accept ${JSON.stringify(await request.json())}`)
      if (acceptAnswer.status === 'succeeded') {
        charged = true
        state = { done: true }
      }
      // D34: a refused upsell goes on as a declined one, to the step's downsell.
      if (acceptAnswer.status === 'failed') state = downsell
      return HttpResponse.json(acceptAnswer)
    }),
    apiHandler('post', '/post-purchase/:reference/decline/', postPurchaseDeclineResultSchema, async ({ request }) => {
      calls.push(`decline ${JSON.stringify(await request.json())}`)
      state = downsell
      return HttpResponse.json({ ok: true })
    }),
  )
  return calls
}

describe('the one-click offers after the payment (D34)', () => {
  it('shows step 1 instead of the thank-you page; "Yes" charges with no form and the thank-you page lists the charge', async () => {
    const calls = mockSequence({ status: 'succeeded' })
    renderApp(<ThankYouPurchasePage />, { url: `/thank-you-purchase?order=${reference}` })
    await userEvent.click(await screen.findByRole('button', { name: 'Yes, add it — $49.00' }))
    expect(calls).toEqual(['accept {"step":1,"kind":"upsell"}'])
    const order = await screen.findByRole('region', { name: 'Your order' })
    expect(await within(order).findByText('The Course')).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Thank You For Your Purchase!' })).toBeInTheDocument()
  })

  it('"No thanks" shows the downsell', async () => {
    const calls = mockSequence({ status: 'succeeded' })
    renderApp(<ThankYouPurchasePage />, { url: `/thank-you-purchase?order=${reference}` })
    await userEvent.click(await screen.findByRole('button', { name: 'No thanks' }))
    expect(await screen.findByRole('button', { name: 'Yes, add it — $19.00' })).toBeInTheDocument()
    expect(calls).toEqual(['decline {"step":1,"kind":"upsell"}'])
  })

  it("a declined charge says which offer, why, that it was not charged and the first order stands, then goes on to the step's downsell", async () => {
    const message = postPurchaseMessages.notAdded('The Course', 'your card was declined (insufficient funds)')
    const calls = mockSequence({ status: 'failed', message })
    renderApp(<ThankYouPurchasePage />, { url: `/thank-you-purchase?order=${reference}` })
    await userEvent.click(await screen.findByRole('button', { name: 'Yes, add it — $49.00' }))
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('“The Course” was not added: your card was declined (insufficient funds).')
    expect(alert).toHaveTextContent(postPurchaseMessages.notCharged)
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }))
    // As after "No thanks": the server's next offer, this step's downsell.
    expect(await screen.findByRole('button', { name: 'Yes, add it — $19.00' })).toBeInTheDocument()
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    expect(calls).toEqual(['accept {"step":1,"kind":"upsell"}'])
  })

  it("the local challenge page says who charges how much, from the server's figures", async () => {
    mockSequence({ status: 'requires_action', provider: 'local', client_secret: 'pi_local_1_secret_2' })
    server.use(
      apiHandler('get', '/payments/local/challenge/', localChallengeDetailsSchema, ({ request }) =>
        new URL(request.url).searchParams.get('client_secret') === 'pi_local_1_secret_2'
          ? HttpResponse.json({ merchant: 'Acme Studio', amount: '49.00', currency: 'USD' })
          : HttpResponse.json({ detail: 'No payment waits for authentication here.' }, { status: 404 }),
      ),
    )
    renderApp(<ThankYouPurchasePage />, { url: `/thank-you-purchase?order=${reference}` })
    await userEvent.click(await screen.findByRole('button', { name: 'Yes, add it — $49.00' }))
    const panel = await screen.findByRole('region', { name: 'Confirm this payment' })
    expect(await within(panel).findByText('Acme Studio is charging 49.00 USD.')).toBeInTheDocument()
    expect(within(panel).getByRole('button', { name: 'Complete' })).toBeEnabled()
  })

  it("says which step of how many, read with the offer's banner, the downsell being the same step", async () => {
    mockSequence({ status: 'succeeded' })
    renderApp(<ThankYouPurchasePage />, { url: `/thank-you-purchase?order=${reference}` })
    const banner = await screen.findByRole('heading', { name: 'Wait! Add this to your order with one click' })
    expect(banner).toHaveAccessibleDescription('Step 1 of 2')
    await userEvent.click(screen.getByRole('button', { name: 'No thanks' }))
    await screen.findByRole('button', { name: 'Yes, add it — $19.00' })
    expect(screen.getByRole('heading', { name: 'Wait! Add this to your order with one click' })).toHaveAccessibleDescription('Step 1 of 2')
  })

  it("shows the seller's logo as the offer page does: named by the business, loaded after the offer", async () => {
    mockSequence({ status: 'succeeded' })
    renderApp(<ThankYouPurchasePage />, { url: `/thank-you-purchase?order=${reference}` })
    await screen.findByRole('button', { name: 'Yes, add it — $49.00' })
    const logo = screen.getByRole('img', { name: 'Acme Books' })
    expect(logo).toHaveAttribute('src', 'https://media.example/logo.png')
    expect(logo).toHaveAttribute('fetchpriority', 'low')
    expect(logo).toHaveAttribute('height', '40')
  })
})
