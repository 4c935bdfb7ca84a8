import type { Database } from '../../db/client.js'
import { PaymentError } from '../../lib/errors.js'
import { type CheckoutPayments, checkoutProvider } from './checkout-provider.js'
import { type OrderRow, orderRepository } from './order-repository.js'

/** Decision D20: an order unpaid for this long is abandoned. */
export const abandonAfterMs = 24 * 60 * 60 * 1000
/** Orders read per query; a run goes on until none is left or `maxPerRun` were looked at. */
const batchSize = 100
const maxPerRun = 5000

type Deps = { db: Database; payments: CheckoutPayments; now: () => Date; log: (message: string) => void }

/**
 * The periodic sweep of decision D20 (run by the `abandon-orders` job, scheduled in the queue so it
 * survives restarts and runs once however many processes there are). A draft, pending or failed
 * order untouched for 24 hours becomes `abandoned`; the provider intent behind it is canceled first,
 * through the provider interface, so its client secret can never be paid afterwards. An intent the
 * provider says is paid (or being paid) is left alone: its event settles the order.
 */
export function createAbandonmentSweep({ db, payments: checkoutPayments, now, log }: Deps) {
  const { provider } = checkoutPayments
  const payments = checkoutProvider(checkoutPayments)

  /** True when nothing can pay the order any more (canceled now, before, or never had an intent). */
  async function closeIntent(order: OrderRow): Promise<boolean> {
    if (order.provider === 'none') return true
    // An intent of another provider, or of an account the seller no longer has here, cannot be reached.
    const account = order.provider === provider.name ? await payments.accountOf(db, order.sellerId) : undefined
    if (!account) return true
    try {
      await payments.cancel(account.accountId, order.intentId)
      return true
    } catch (error) {
      if (error instanceof PaymentError && error.statusCode === 404) return true
      log(`order ${order.id}: not abandoned, its intent could not be canceled: ${error instanceof Error ? error.message : String(error)}`)
      return false
    }
  }

  return {
    /** One run: the number of orders it abandoned. */
    async sweep(): Promise<number> {
      const cutoff = new Date(now().getTime() - abandonAfterMs)
      let abandoned = 0
      let seen = 0
      // Orders skipped in this run (being paid, provider unreachable) are not read again by it.
      const skipped = new Set<string>()
      while (seen < maxPerRun) {
        const rows = (await orderRepository.unpaidSince(db, cutoff, batchSize + skipped.size)).filter(({ order }) => !skipped.has(order.id))
        if (rows.length === 0) break
        for (const { order, version } of rows.slice(0, batchSize)) {
          seen += 1
          const closed = await closeIntent(order)
          // Changed since it was read (the visitor came back, or a payment arrived): left as it is.
          if (closed && (await orderRepository.abandonIfUnchanged(db, order.id, version, now()))) abandoned += 1
          else skipped.add(order.id)
        }
      }
      return abandoned
    },
  }
}
export type AbandonmentSweep = ReturnType<typeof createAbandonmentSweep>
