import type { Database } from '../../db/client.js'
import { PaymentError } from '../../lib/errors.js'
import { type CheckoutPayments, checkoutProvider } from './checkout-provider.js'
import { abandonAfterMs } from './order-abandonment.js'
import type { OrderFulfilment } from './order-fulfilment.js'
import { type OrderRow, orderRepository } from './order-repository.js'

/** At most this many orders are asked about in one sweep, most recently changed first. */
const maxPerSweep = 1000

type Deps = { db: Database; payments: CheckoutPayments; fulfilment: OrderFulfilment; now: () => Date; log: (message: string) => void }

/**
 * Payments that succeeded with no event reaching us (docs/decisions, "Payments while the server
 * was down"): the provider is asked, and a paid intent goes through the same fulfilment as its
 * event would have (once per order, however often). The `settle-payments` job runs it: for one
 * intent, queued by the local provider in the transaction that records its success, and as a
 * sweep of the open orders, queued by every process that starts (a Stripe webhook sent while no
 * process answered is retried by Stripe only minutes or hours later).
 */
export function createPaymentSettlement({ db, payments: checkoutPayments, fulfilment, now, log }: Deps) {
  const { provider } = checkoutPayments
  const payments = checkoutProvider(checkoutPayments)

  /** True when the provider says the order's intent is paid, and it is now settled. */
  async function settle(order: OrderRow): Promise<boolean> {
    const account = await payments.accountOf(db, order.sellerId)
    if (!account) return false
    const intent = await payments.viaProvider(() => provider.retrieveIntent(account.accountId, order.intentId))
    if (intent.status !== 'succeeded') return false
    await fulfilment.handle({
      type: 'payment_intent.succeeded',
      eventId: `settlement_${intent.id}`,
      intentId: intent.id,
      accountId: intent.accountId,
      amountCents: intent.amountCents,
      currency: intent.currency,
      metadata: intent.metadata,
      failureMessage: null,
    })
    return true
  }

  return {
    /**
     * The orders of these intents that are still open (one read; normally none, as the confirm
     * fulfilled them at once): how many it settled.
     */
    async settleIntents(intentIds: string[]): Promise<number> {
      let settled = 0
      for (const order of await orderRepository.openByIntents(db, intentIds)) if (await settle(order)) settled += 1
      return settled
    },

    /** Every order still payable (changed within the abandonment window): how many it settled. */
    async sweep(): Promise<number> {
      const since = new Date(now().getTime() - abandonAfterMs)
      let settled = 0
      for (const order of await orderRepository.payableSince(db, provider.name, since, maxPerSweep)) {
        try {
          if (await settle(order)) settled += 1
        } catch (error) {
          // One order the provider does not know (404) or cannot answer about must not stop the rest.
          if (!(error instanceof PaymentError)) throw error
          log(`order ${order.id}: its payment could not be checked: ${error.message}`)
        }
      }
      return settled
    },
  }
}
export type PaymentSettlement = ReturnType<typeof createPaymentSettlement>
