import type { Stripe } from '@stripe/stripe-js'

const loaded = new Map<string, Promise<Stripe | null>>()

/**
 * Stripe.js for the seller's connected account, downloaded only when a payment form is shown
 * (a visitor who only takes the free download never loads it). One instance per key and account.
 */
export function loadStripeFor(publishableKey: string, accountId: string | null | undefined): Promise<Stripe | null> {
  const cacheKey = `${publishableKey}\n${accountId ?? ''}`
  let stripe = loaded.get(cacheKey)
  if (!stripe) {
    stripe = import('@stripe/stripe-js').then(({ loadStripe }) =>
      loadStripe(publishableKey, accountId ? { stripeAccount: accountId } : undefined),
    )
    // A failed download (offline) may be retried by showing the form again.
    stripe.catch(() => loaded.delete(cacheKey))
    loaded.set(cacheKey, stripe)
  }
  return stripe
}
