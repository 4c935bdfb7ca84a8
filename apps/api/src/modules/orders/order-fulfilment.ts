import { randomUUID } from 'node:crypto'
import type { Database } from '../../db/client.js'
import type { JobQueue } from '../../jobs/queue.js'
import type { PaymentIntentEvent } from '../payments/provider-webhook-routes.js'
import { deliverOrder } from './order-delivery.js'
import { type NewOrder, type OrderRow, orderRepository } from './order-repository.js'

type Deps = { db: Database; jobs: JobQueue; now: () => Date }

/** A zero-total order as the checkout computed it; fulfilment decides the rest. */
export type FreeOrderValues = Omit<NewOrder, 'id' | 'status' | 'provider' | 'intentId' | 'paidAt' | 'fulfilledAt' | 'amountCents'>

/**
 * Decisions, "Orders": fulfilment happens once per order, driven by the provider's event, however
 * often and however concurrently that event arrives (Stripe retries; the local confirm can be
 * clicked twice). Marking the order paid and queueing what it sends share one transaction, so a
 * crash leaves either both or neither, and a redelivered event then finds the work still to do.
 */
export function createOrderFulfilment({ db, jobs, now }: Deps) {
  return {
    /** `onPaymentEvent` of the payments module: Stripe's webhook and the local confirm both land here. */
    async handle(event: PaymentIntentEvent): Promise<void> {
      if (event.type === 'payment_intent.payment_failed') {
        await orderRepository.markFailed(db, event.intentId, now())
        return
      }
      await db.transaction(async (tx) => {
        const at = now()
        const order = await orderRepository.markPaid(tx, event.intentId, at)
        // Already paid (a repeated event), or an intent that is not an order of ours: nothing to do.
        if (order) await deliverOrder(tx, jobs, order, at)
      })
    },

    /**
     * Decision D11: nothing to charge, so no provider and no event. The order is recorded as paid
     * and delivered at once; it is final (an update answers "already complete").
     */
    async completeFreeOrder(values: FreeOrderValues): Promise<OrderRow> {
      const id = randomUUID()
      const at = now()
      return db.transaction(async (tx) => {
        const order = await orderRepository.insert(tx, {
          ...values,
          id,
          amountCents: 0,
          status: 'paid',
          provider: 'none',
          // The column is unique and required; no provider event can ever name this value.
          intentId: `free_${id}`,
          paidAt: at,
        })
        await deliverOrder(tx, jobs, order, at)
        return order
      })
    },
  }
}
export type OrderFulfilment = ReturnType<typeof createOrderFulfilment>
