import { freeOfferSchema, type OrderReceipt, orderReceiptSchema, postPurchaseStateSchema } from '@funnelry/shared'
import { screen, waitFor, within } from '@testing-library/react'
import { HttpResponse } from 'msw'
import { afterEach, describe, expect, it } from 'vitest'
import { makeOffer, offerId } from '../../../testing/factories/funnel'
import { apiHandler, server } from '../../../testing/msw'
import { renderApp } from '../../../testing/render'
import ThankYouPurchasePage, { downloadsBelowText } from './thank-you-purchase-page'

type DataLayerWindow = Window & { dataLayer?: unknown[] }
const dataLayer = () => (window as DataLayerWindow).dataLayer ?? []

let references = 0
/** A receipt with a reference of its own: "pushed once" is remembered per reference. */
function paidReceipt(overrides: Partial<OrderReceipt> = {}): OrderReceipt {
  references += 1
  return {
    reference: `ref${String(references).padStart(19, '0')}`,
    order_id: `order-${references}`,
    status: 'paid',
    items: [
      { id: 'offer-1', kind: 'free', name: 'The 7-day launch guide', price: '0.00', url: 'https://acme.example/guide.pdf' },
      { id: 'bump-1', kind: 'bump', name: 'The checklist pack', price: '19.00', url: 'https://acme.example/checklists.zip' },
      { id: 'upsell-1', kind: 'upsell', name: 'The video masterclass', price: '33.50', url: 'https://acme.example/masterclass' },
    ],
    total: '52.50',
    currency: 2,
    ...overrides,
  }
}

/** Answers the receipt call with what `answer` gives at that moment (404 for null), recording the references read. */
function mockReceipt(answer: () => OrderReceipt | null) {
  const reads: string[] = []
  server.use(
    apiHandler('get', '/order-receipts/:reference/', orderReceiptSchema, ({ params }) => {
      reads.push(String(params.reference))
      const receipt = answer()
      return receipt ? HttpResponse.json(receipt) : HttpResponse.json({ detail: 'Gone.' }, { status: 404 })
    }),
    // A paid order's one-click offers (D34): none here.
    apiHandler('get', '/post-purchase/:reference/', postPurchaseStateSchema, () => HttpResponse.json({ done: true })),
    // The page reads the offer for the seller's logo and links; by default it is gone.
    apiHandler('get', '/free-product/:id/', freeOfferSchema, () => HttpResponse.json({ detail: 'Not found.' }, { status: 404 })),
  )
  return reads
}

describe('thank-you page (/thank-you-purchase)', () => {
  afterEach(() => {
    delete (window as DataLayerWindow).dataLayer
  })

  it('congratulates on the free download for type free-offer', () => {
    renderApp(<ThankYouPurchasePage />, { url: '/thank-you-purchase?type=free-offer' })
    expect(screen.getByRole('heading', { name: 'Congratulations for Claiming Your Free Download!' })).toBeInTheDocument()
    expect(screen.getByText('Check your email address to get the free download.')).toBeInTheDocument()
  })

  it.each(['/thank-you-purchase?type=oto-offer', '/thank-you-purchase'])('thanks for the purchase otherwise (%s)', (url) => {
    renderApp(<ThankYouPurchasePage />, { url })
    expect(screen.getByRole('heading', { name: 'Thank You For Your Purchase!' })).toBeInTheDocument()
    expect(screen.getByText('Please check your email address to get your free download and extra product purchases.')).toBeInTheDocument()
  })

  it('shows what was bought and the total; the dashboard app sends nothing to the seller’s analytics (D29)', async () => {
    const receipt = paidReceipt()
    const reads = mockReceipt(() => receipt)
    renderApp(<ThankYouPurchasePage />, { url: `/thank-you-purchase?type=oto-offer&order=${receipt.reference}` })

    const order = await screen.findByRole('region', { name: 'Your order' })
    expect(
      within(order)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['The 7-day launch guideFREEDownload', 'The checklist pack€19.00Download', 'The video masterclass€33.50Download'])
    expect(within(order).getByTestId('receipt-total')).toHaveTextContent('€52.50')
    expect(within(order).queryByTestId('receipt-refunded')).toBeNull()
    expect(new Set(reads)).toEqual(new Set([receipt.reference]))
    // Only the live page the server renders on the pages origin runs pixels (tracking/*.test.tsx).
    expect(dataLayer()).toEqual([])
    expect(document.head.querySelector('script')).toBeNull()
  })

  it('says what the seller gave back, under the total of what was bought, and beside the item refunded (D35)', async () => {
    const bought = paidReceipt().items
    const receipt = paidReceipt({
      refunded: '33.50',
      items: bought.map((item) => (item.kind === 'upsell' ? { ...item, refunded: true } : item)),
    })
    mockReceipt(() => receipt)
    renderApp(<ThankYouPurchasePage />, { url: `/thank-you-purchase?type=oto-offer&order=${receipt.reference}` })
    const order = await screen.findByRole('region', { name: 'Your order' })
    expect(within(order).getByTestId('receipt-total')).toHaveTextContent('€52.50')
    expect(within(order).getByTestId('receipt-refunded')).toHaveTextContent('Refunded−€33.50')
    expect(
      within(order)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['The 7-day launch guideFREEDownload', 'The checklist pack€19.00Download', 'The video masterclass€33.50 · RefundedDownload'])
  })

  it('waits for a payment still being confirmed', async () => {
    const paid = paidReceipt()
    let eventArrived = false
    mockReceipt(() => (eventArrived ? paid : { ...paid, status: 'pending' }))
    renderApp(<ThankYouPurchasePage />, { url: `/thank-you-purchase?type=oto-offer&order=${paid.reference}` })

    expect(await screen.findByText('Your payment is being confirmed.')).toBeInTheDocument()
    // The provider's event reaches the server; the page's next read sees the payment.
    eventArrived = true
    await waitFor(() => expect(screen.queryByText('Your payment is being confirmed.')).not.toBeInTheDocument())
  })

  it('shows the free download of a free order and pushes no purchase', async () => {
    const receipt = paidReceipt({
      items: [{ id: 'offer-1', kind: 'free', name: 'The 7-day launch guide', price: '0.00', url: 'https://acme.example/guide.pdf' }],
      total: '0.00',
    })
    mockReceipt(() => receipt)
    renderApp(<ThankYouPurchasePage />, { url: `/thank-you-purchase?type=free-offer&order=${receipt.reference}` })
    const order = await screen.findByRole('region', { name: 'Your order' })
    expect(within(order).getByTestId('receipt-total')).toHaveTextContent('€0.00')
    expect(dataLayer()).toEqual([])
  })

  it('lists each download (D25), paid ones once paid, with the seller’s logo and company links (issue 22)', async () => {
    const sample = paidReceipt()
    // The free item names the offer: the page reads its logo and links from it.
    const paid = { ...sample, items: sample.items.map((item) => (item.kind === 'free' ? { ...item, id: offerId } : item)) }
    let eventArrived = false
    mockReceipt(() =>
      eventArrived
        ? paid
        : { ...paid, status: 'pending', items: paid.items.map((item) => (item.kind === 'free' ? item : { ...item, url: null })) },
    )
    server.use(
      apiHandler('get', '/free-product/:id/', freeOfferSchema, ({ params }) =>
        HttpResponse.json(
          makeOffer({
            id: String(params.id),
            headline: 'Acme Courses',
            logo: '/media/acme-logo.png',
            store_links: {
              privacy_policy: 'https://acme.example/privacy',
              terms_and_conditions: null,
              support_link: 'mailto:help@acme.example',
            },
          }),
        ),
      ),
    )
    renderApp(<ThankYouPurchasePage />, { url: `/thank-you-purchase?type=oto-offer&order=${paid.reference}` })

    const order = await screen.findByRole('region', { name: 'Your order' })
    expect(screen.getByText(downloadsBelowText)).toBeInTheDocument()
    expect(within(order).getByRole('link', { name: 'Download The 7-day launch guide' })).toHaveAttribute(
      'href',
      'https://acme.example/guide.pdf',
    )
    expect(within(order).queryByRole('link', { name: 'Download The checklist pack' })).not.toBeInTheDocument()
    expect(within(order).getAllByText('Its download appears here once your payment is confirmed.')).toHaveLength(2)
    expect(await screen.findByRole('img', { name: 'Acme Courses' })).toHaveAttribute('src', '/media/acme-logo.png')
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', 'https://acme.example/privacy')
    expect(screen.getByRole('link', { name: 'Refund Policy & Customer Service' })).toHaveAttribute('href', 'mailto:help@acme.example')

    eventArrived = true
    expect(await within(order).findByRole('link', { name: 'Download The checklist pack' })).toHaveAttribute(
      'href',
      'https://acme.example/checklists.zip',
    )
    expect(within(order).getByRole('link', { name: 'Download The video masterclass' })).toHaveAttribute(
      'href',
      'https://acme.example/masterclass',
    )
  })

  it('shows the thanks alone when the reference is unknown or expired', async () => {
    const reads = mockReceipt(() => null)
    renderApp(<ThankYouPurchasePage />, { url: '/thank-you-purchase?type=oto-offer&order=expired000000000000000' })
    await waitFor(() => expect(reads.length).toBeGreaterThan(0))
    expect(screen.getByRole('heading', { name: 'Thank You For Your Purchase!' })).toBeInTheDocument()
    expect(screen.queryByRole('region', { name: 'Your order' })).not.toBeInTheDocument()
    expect(dataLayer()).toEqual([])
  })
})
