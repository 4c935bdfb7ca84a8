import { messages } from '@funnelry/shared'
import { screen, waitFor } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { makeOffer, upsell } from '../../../../testing/factories/funnel'
import { findElsewhere } from '../../../../testing/render'
import { mockFunnelApi } from '../../testing/mock-funnel-api'
import { optIn, renderOfferPage } from '../../testing/render-funnel'

/*
 * Stripe.js itself is a script from js.stripe.com that cannot run here. This stand-in has the
 * surface @stripe/react-stripe-js and our form touch, and records what they were asked to do.
 */
const stripeJs = vi.hoisted(() => {
  const element = { mount: vi.fn(), destroy: vi.fn(), on: vi.fn(), off: vi.fn(), update: vi.fn() }
  const elements = {
    create: vi.fn(() => element),
    getElement: vi.fn(() => null),
    fetchUpdates: vi.fn(async () => ({})),
    update: vi.fn(),
    submit: vi.fn(async () => ({})),
  }
  type ConfirmResult = { paymentIntent: { status: string } } | { error: { type: string; message?: string } }
  const stripe = {
    elements: vi.fn(() => elements),
    createToken: vi.fn(),
    createPaymentMethod: vi.fn(),
    confirmCardPayment: vi.fn(),
    confirmPayment: vi.fn(async (): Promise<ConfirmResult> => ({ paymentIntent: { status: 'succeeded' } })),
  }
  return { element, elements, stripe, loadStripe: vi.fn(async () => stripe) }
})
vi.mock('@stripe/stripe-js', () => ({ loadStripe: stripeJs.loadStripe }))

/** With no upsell attached: the bump, the details, and the payment form. */
async function reachStripePayment(user: Parameters<typeof optIn>[0]) {
  await optIn(user)
  await user.click(screen.getByRole('checkbox', { name: 'Add to order' }))
  await user.click(screen.getByRole('button', { name: 'Send me the guide' }))
  await screen.findByRole('button', { name: 'Pay $19.00' })
  await waitFor(() => expect(stripeJs.element.mount).toHaveBeenCalled())
}

describe('Stripe payment form', () => {
  beforeEach(() => {
    vi.clearAllMocks()
  })

  it("loads Stripe.js only for the payment form, on the seller's account, and confirms without redirect", async () => {
    const { calls } = mockFunnelApi({ provider: 'stripe', stripeAccount: 'acct_pays' })
    const { user } = renderOfferPage()

    await user.click(await screen.findByRole('checkbox', { name: 'Add to order' }))
    await waitFor(() => expect(calls.creates).toHaveLength(1))
    await optIn(user)
    // A draft (no details yet, D20) has no payment intent, and so needs no Stripe.js.
    expect(stripeJs.loadStripe).not.toHaveBeenCalled()

    // The upsell first (D18); accepting it gives the order the details and a Stripe intent.
    await user.click(screen.getByRole('button', { name: 'Send me the guide' }))
    await user.click(await screen.findByRole('button', { name: upsell.opt_in_button }))
    await screen.findByRole('button', { name: 'Pay $52.50' })
    await waitFor(() => expect(stripeJs.element.mount).toHaveBeenCalled())
    expect(stripeJs.loadStripe).toHaveBeenCalledWith('pk_test_123', { stripeAccount: 'acct_pays' })
    expect(stripeJs.stripe.elements).toHaveBeenCalledWith(expect.objectContaining({ clientSecret: 'pi_test_1_secret_1' }))
    expect(stripeJs.elements.create).toHaveBeenCalledWith('payment', expect.anything())

    // A change of the same intent's amount: the element re-reads it.
    await user.click(screen.getByRole('checkbox', { name: 'Add to order' }))
    await screen.findByRole('button', { name: 'Pay $33.50' })
    await waitFor(() => expect(stripeJs.elements.fetchUpdates).toHaveBeenCalledTimes(1))
    await user.click(screen.getByRole('checkbox', { name: 'Add to order' }))
    await screen.findByRole('button', { name: 'Pay $52.50' })
    await waitFor(() => expect(stripeJs.elements.fetchUpdates).toHaveBeenCalledTimes(2))

    await user.click(screen.getByRole('button', { name: 'Pay $52.50' }))
    await waitFor(() => expect(stripeJs.stripe.confirmPayment).toHaveBeenCalledTimes(1))
    expect(stripeJs.stripe.confirmPayment).toHaveBeenCalledWith(
      expect.objectContaining({
        elements: stripeJs.elements,
        redirect: 'if_required',
        // Redirect-based methods come back to the thank-you page with the order's reference.
        confirmParams: { return_url: 'http://localhost:3000/thank-you-purchase?type=oto-offer&order=ref_pi_test_1' },
      }),
    )
    expect(await screen.findByText(messages.paymentSucceeded)).toBeInTheDocument()
    expect(await findElsewhere()).toBe('/thank-you-purchase?type=oto-offer&order=ref_pi_test_1')
  })

  it("shows Stripe's message when the payment fails, and 'Payment failed.' when it has none", async () => {
    mockFunnelApi({ provider: 'stripe', stripeAccount: 'acct_declines', offer: makeOffer({ upsell_offer: null }) })
    const { user, pathname } = renderOfferPage()
    await reachStripePayment(user)

    stripeJs.stripe.confirmPayment.mockResolvedValueOnce({ error: { type: 'card_error', message: 'Your card has insufficient funds.' } })
    await user.click(screen.getByRole('button', { name: 'Pay $19.00' }))
    expect(await screen.findByText('Your card has insufficient funds.')).toBeInTheDocument()

    stripeJs.stripe.confirmPayment.mockResolvedValueOnce({ error: { type: 'api_error' } })
    await user.click(screen.getByRole('button', { name: 'Pay $19.00' }))
    expect(await screen.findByText(messages.paymentFailed)).toBeInTheDocument()

    // Validation problems are shown by the Payment Element itself: no toast.
    stripeJs.stripe.confirmPayment.mockResolvedValueOnce({
      error: { type: 'validation_error', message: 'Your card number is incomplete.' },
    })
    await user.click(screen.getByRole('button', { name: 'Pay $19.00' }))
    await waitFor(() => expect(stripeJs.stripe.confirmPayment).toHaveBeenCalledTimes(3))
    expect(screen.queryByText('Your card number is incomplete.')).not.toBeInTheDocument()
    expect(pathname()).toMatch(/^\/free-offer\//)
  })
})
