import { messages } from '@funnelry/shared'
import { localChallengeDetailsSchema, localChallengeResultSchema } from '@funnelry/shared/funnel/post-purchase-schemas'
import { screen, waitFor, within } from '@testing-library/react'
import { HttpResponse } from 'msw'
import { describe, expect, it, vi } from 'vitest'
import { productToastDuration } from '../../../lib/toast'
import { makeOffer, upsell } from '../../../testing/factories/funnel'
import { apiHandler, server } from '../../../testing/msw'
import { findElsewhere } from '../../../testing/render'
import { mockFunnelApi } from '../testing/mock-funnel-api'
import { optIn, payWithCard, renderOfferPage } from '../testing/render-funnel'

/** Opts in with the bump and no upsell, up to the 'Pay $19.00' button. */
async function reachPayment(user: Parameters<typeof optIn>[0]) {
  await optIn(user)
  await user.click(screen.getByRole('checkbox', { name: 'Add to order' }))
  await user.click(screen.getByRole('button', { name: 'Send me the guide' }))
  await screen.findByRole('button', { name: 'Pay $19.00' })
}

describe('public free offer payment errors', () => {
  it("keeps the provider's message for a declined card under the card form, announced, until the card number changes", async () => {
    const { calls, offer } = mockFunnelApi({ offer: makeOffer({ upsell_offer: null }) })
    const { user, pathname } = renderOfferPage()
    await reachPayment(user)

    await payWithCard(user, '4000 0000 0000 0002', 'Pay $19.00')
    const payment = screen.getByRole('region', { name: 'Payment' })
    const declined = () => within(payment).queryByText('Your card was declined.')?.closest('[role="alert"]')
    expect(await within(payment).findByText('Your card was declined.')).toBeInTheDocument()
    expect(declined()).not.toBeNull()
    expect(pathname()).toBe(`/free-offer/${offer.id}`)
    expect(calls.confirms).toEqual([{ client_secret: 'pi_test_1_secret_1', card_number: '4000000000000002' }])
    // Not a toast that goes away: still there long after (the clock moved on), until the visitor edits the card.
    vi.useFakeTimers({ shouldAdvanceTime: true })
    try {
      await vi.advanceTimersByTimeAsync(productToastDuration * 3)
      expect(declined()).not.toBeNull()
    } finally {
      vi.useRealTimers()
    }
    await user.type(screen.getByLabelText('Card number'), '{Backspace}')
    expect(declined()).toBeUndefined()

    // The visitor can try another card.
    await user.clear(screen.getByLabelText('Card number'))
    await payWithCard(user, '4242 4242 4242 4242', 'Pay $19.00')
    expect(await findElsewhere()).toBe('/thank-you-purchase?type=oto-offer&order=ref_pi_test_1')
  })

  it('keeps the bump as it is while the bank asks to authenticate the payment, and frees it once answered', async () => {
    mockFunnelApi({ offer: makeOffer({ upsell_offer: null }), confirm: () => HttpResponse.json({ status: 'requires_action' }) })
    server.use(
      apiHandler('get', '/payments/local/challenge/', localChallengeDetailsSchema, () =>
        HttpResponse.json({ merchant: 'Meal Plans Co', amount: '19.00', currency: 'USD' }),
      ),
      apiHandler('post', '/payments/local/challenge/', localChallengeResultSchema, () =>
        HttpResponse.json({ status: 'failed', message: 'The authentication of this payment failed.' }),
      ),
    )
    const { user } = renderOfferPage()
    await reachPayment(user)

    await payWithCard(user, '4000 0027 6000 3184', 'Pay $19.00')
    const challenge = await screen.findByRole('region', { name: 'Confirm this payment' })
    // The bank was asked for $19.00: the bump cannot change under it.
    expect(screen.getByRole('checkbox', { name: 'Add to order' })).toBeDisabled()
    await user.click(within(challenge).getByRole('button', { name: 'Fail' }))
    expect(await screen.findByText('The authentication of this payment failed.')).toBeInTheDocument()
    expect(screen.getByRole('checkbox', { name: 'Add to order' })).toBeEnabled()
  })

  it("says 'Payment failed.' when the provider gives no message", async () => {
    mockFunnelApi({ offer: makeOffer({ upsell_offer: null }), confirm: () => HttpResponse.json({ status: 'failed' }, { status: 502 }) })
    const { user } = renderOfferPage()
    await reachPayment(user)

    await payWithCard(user, '4242 4242 4242 4242', 'Pay $19.00')
    const payment = screen.getByRole('region', { name: 'Payment' })
    expect((await within(payment).findByText(messages.paymentFailed)).closest('[role="alert"]')).not.toBeNull()
  })

  it('asks for a card number instead of confirming an empty one', async () => {
    const { calls } = mockFunnelApi({ offer: makeOffer({ upsell_offer: null }) })
    const { user } = renderOfferPage()
    await reachPayment(user)

    await user.click(screen.getByRole('button', { name: 'Pay $19.00' }))
    expect(await screen.findByText('Enter a card number.')).toBeInTheDocument()
    expect(calls.confirms).toEqual([])
  })

  it('shows the string error of a failed intent call as an error toast', async () => {
    mockFunnelApi({
      offer: makeOffer({ upsell_offer: null }),
      update: () => HttpResponse.json({ error: 'This offer is not available any more.' }, { status: 400 }),
    })
    const { user } = renderOfferPage()

    await user.click(await screen.findByRole('checkbox', { name: 'Add to order' }))
    await user.click(screen.getByRole('checkbox', { name: 'Add to order' }))
    expect(await screen.findByText('This offer is not available any more.')).toBeInTheDocument()
  })

  it('does not show the payment form when creating the intent fails on submit', async () => {
    mockFunnelApi({
      offer: makeOffer({ upsell_offer: null }),
      create: () => HttpResponse.json({ error: 'The seller cannot take payments yet.' }, { status: 400 }),
    })
    const { user } = renderOfferPage()
    await optIn(user)
    await user.click(screen.getByRole('checkbox', { name: 'Add to order' }))
    await user.click(screen.getByRole('button', { name: 'Send me the guide' }))

    expect((await screen.findAllByText('The seller cannot take payments yet.')).length).toBeGreaterThan(0)
    expect(screen.queryByLabelText('Card number')).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Send me the guide' })).toBeEnabled()
  })

  it('goes to /404 when the intent update of an accepted upsell answers 404', async () => {
    mockFunnelApi({ update: (body) => (body.upsell_offer_id ? HttpResponse.json({ detail: 'Not found.' }, { status: 404 }) : undefined) })
    const { user } = renderOfferPage()
    await user.click(await screen.findByRole('checkbox', { name: 'Add to order' }))
    await optIn(user)
    await user.click(screen.getByRole('button', { name: 'Send me the guide' }))

    await user.click(await screen.findByRole('button', { name: upsell.opt_in_button }))
    expect(await findElsewhere()).toBe('/404')
  })

  it('shows the error and disables payment when the intent update of an accepted upsell fails', async () => {
    const { calls } = mockFunnelApi({
      update: (body) =>
        body.upsell_offer_id ? HttpResponse.json({ error: 'This payment can no longer be changed.' }, { status: 400 }) : undefined,
    })
    const { user } = renderOfferPage()
    await user.click(await screen.findByRole('checkbox', { name: 'Add to order' }))
    await optIn(user)
    await user.click(screen.getByRole('button', { name: 'Send me the guide' }))

    await user.click(await screen.findByRole('button', { name: upsell.opt_in_button }))
    expect(await screen.findByText('This payment can no longer be changed.')).toBeInTheDocument()
    await waitFor(() => expect(screen.getByRole('button', { name: 'Send me the guide' })).toBeDisabled())
    expect(calls.confirms).toEqual([])
  })
})
