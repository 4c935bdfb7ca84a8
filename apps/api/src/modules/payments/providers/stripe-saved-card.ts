import Stripe from 'stripe'
import {
  type PaymentIntent,
  ProviderUnavailableError,
  type SavedCardCharge,
  type SavedCardChargeRequest,
  savedCardChargeOf,
} from './provider.js'

const idOf = (value: string | { id: string } | null) => (value === null ? null : typeof value === 'string' ? value : value.id)

/**
 * Decision D34 on Stripe: a direct charge on the seller's connected account of the customer and card
 * the first payment saved (`setup_future_usage`), with the same platform fee. The buyer is on the
 * page, so it is confirmed as a customer-present charge: a card that asks for 3-D Secure answers
 * `requires_action` and the page completes it with Stripe.js. A declined card is a card error,
 * which Stripe keeps under the idempotency key like any answer, so a replay is declined again and
 * never charged.
 */
export async function chargeStripeSavedCard(
  stripe: Stripe,
  request: SavedCardChargeRequest,
  fee: number,
  toIntent: (intent: Stripe.PaymentIntent, accountId: string) => PaymentIntent,
): Promise<SavedCardCharge> {
  const onAccount = { stripeAccount: request.accountId }
  try {
    const first = await stripe.paymentIntents.retrieve(request.firstIntentId, {}, onAccount)
    const customer = idOf(first.customer)
    const paymentMethod = idOf(first.payment_method)
    if (!customer || !paymentMethod || first.setup_future_usage !== 'off_session') {
      return { status: 'failed', intent: null, message: 'The card of this order was not saved.' }
    }
    const intent = await stripe.paymentIntents.create(
      {
        amount: request.amountCents,
        currency: request.currency,
        customer,
        payment_method: paymentMethod,
        // No redirect-based method: a card's 3-D Secure is completed in the page, with no return URL.
        automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
        confirm: true,
        metadata: request.metadata,
        ...(fee > 0 ? { application_fee_amount: fee } : {}),
      },
      { ...onAccount, idempotencyKey: request.idempotencyKey },
    )
    return savedCardChargeOf(toIntent(intent, request.accountId))
  } catch (error) {
    if (error instanceof Stripe.errors.StripeCardError) {
      return { status: 'failed', intent: null, message: error.message, declineCode: error.decline_code ?? error.code ?? null }
    }
    if (error instanceof Stripe.errors.StripeError) throw new ProviderUnavailableError(`Stripe: ${error.message}`)
    throw error
  }
}
