import type { PostPurchaseAcceptResult } from '@funnelry/shared/funnel/post-purchase-schemas'
import { loadStripeFor } from './load-stripe'

/**
 * Stripe's next action for a one-click charge that asks for 3-D Secure (decision D34): Stripe.js
 * shows the bank's page in a frame over this one. Whatever it says, the server is asked again.
 */
export async function completeStripeAction(result: PostPurchaseAcceptResult): Promise<void> {
  if (!result.client_secret || !result.publishable_key) return
  const stripe = await loadStripeFor(result.publishable_key, result.account_id)
  await stripe?.handleNextAction({ clientSecret: result.client_secret })
}
