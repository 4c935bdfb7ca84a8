import type { PaymentIntentEvent } from './provider-webhook-routes.js'
import type { SignedEvent } from './providers/local-confirm.js'
import type { LocalPaymentProvider } from './providers/local-provider.js'

/**
 * Hands a signed event of the local test provider to the same `parseWebhook` and handler as a
 * Stripe webhook delivery, so the local card form and challenge page exercise exactly the
 * fulfilment production runs (decisions, "Payment providers").
 */
export const localEventDelivery =
  (provider: LocalPaymentProvider, onPaymentEvent: ((event: PaymentIntentEvent) => Promise<void>) | undefined) =>
  async ({ rawBody, signature }: SignedEvent): Promise<void> => {
    const event = provider.parseWebhook(rawBody, signature)
    if (onPaymentEvent && (event.type === 'payment_intent.succeeded' || event.type === 'payment_intent.payment_failed')) {
      await onPaymentEvent(event)
    }
  }
