import { randomUUID } from 'node:crypto'
import { currencies } from '@funnelry/shared'
import type { Database, Executor } from '../../db/client.js'
import { batchedWrites } from '../../lib/batched-calls.js'
import type { CardTestingGuard, PaymentIntentEvent, PaymentProvider } from '../payments/payments-module.js'
import { type Charge, orderBatchRepository } from './order-batch-repository.js'
import type { OrderDeliveries } from './order-delivery.js'
import { newReceipt } from './order-receipt-token.js'
import { type NewOrder, type OrderRow, orderRepository, paidStatuses } from './order-repository.js'

/** The provider speaks currency codes ('usd'); orders keep our ids (decision D2). Unknown codes match nothing. */
const currencyIdOfCode = (code: string) => currencies.find((currency) => currency.code === code.toLowerCase())?.value ?? 0

type Deps = {
  db: Database
  deliveries: OrderDeliveries
  now: () => Date
  log: (message: string) => void
  /** Decision D24: declines counted per intent and email; an intent declined too often is canceled. */
  cardTesting: Pick<CardTestingGuard, 'recordIntentDecline'>
  provider: Pick<PaymentProvider, 'cancelIntent'>
}

/** A zero-total order of a visitor whose details are known, as the checkout computed it; fulfilment decides the rest. */
export type FreeOrderValues = Omit<
  NewOrder,
  'id' | 'status' | 'provider' | 'intentId' | 'paidAt' | 'fulfilledAt' | 'amountCents' | 'receiptToken' | 'receiptExpiresAt'
> & { fullName: string; email: string }

/**
 * Decisions, "Orders": fulfilment happens once per order, driven by the provider's event, however
 * often and however concurrently that event arrives (Stripe retries; the local confirm can be
 * clicked twice). Marking the order paid and queueing what it sends share one transaction, so a
 * crash leaves either both or neither, and a redelivered event then finds the work still to do.
 */
export function createOrderFulfilment({ db, deliveries, now, log, cardTesting, provider }: Deps) {
  const { deliver, deliverMany } = deliveries

  /** A charge that paid no order: already paid (a repeated event), not ours, or not what the order says. */
  const reportUnpaid = async (tx: Executor, event: PaymentIntentEvent) => {
    // The last is never delivered; it stays pending for the seller to settle.
    const pending = await orderRepository.findByIntent(tx, event.intentId)
    if (pending && !paidStatuses.some((status) => status === pending.status)) {
      log(
        `order ${pending.id}: charged ${event.amountCents} ${event.currency} but the order is ${pending.amountCents} (currency ${pending.currency}); not fulfilled`,
      )
    }
  }
  const chargeOf = (event: PaymentIntentEvent): Charge => ({
    intentId: event.intentId,
    amountCents: event.amountCents,
    currency: currencyIdOfCode(event.currency),
  })

  /** One succeeded event in its own transaction (a batch of one, or the retry of a failed batch). */
  const succeededOne = (event: PaymentIntentEvent) =>
    db.transaction(async (tx) => {
      const at = now()
      const { intentId, ...charged } = chargeOf(event)
      const order = await orderRepository.markPaid(tx, intentId, charged, at)
      if (order) await deliver(tx, order, at)
      else await reportUnpaid(tx, event)
    })

  /**
   * Succeeded events arriving together (a campaign's buyers) are paid and delivered in one
   * transaction with a fixed number of statements (docs/decisions/checkout-at-campaign-scale.md).
   * Each caller is answered after that commit, as alone.
   */
  const succeeded = batchedWrites(
    (events: PaymentIntentEvent[]) =>
      db.transaction(async (tx) => {
        const at = now()
        const paid = await orderBatchRepository.markPaidMany(tx, events.map(chargeOf), at)
        await deliverMany(tx, paid, at)
        const paidIntents = new Set(paid.map((order) => order.intentId))
        for (const event of events) if (!paidIntents.has(event.intentId)) await reportUnpaid(tx, event)
        return events.map(() => undefined)
      }),
    succeededOne,
  )

  return {
    /** `onPaymentEvent` of the payments module: Stripe's webhook and the local confirm both land here. */
    async handle(event: PaymentIntentEvent): Promise<void> {
      if (event.type === 'payment_intent.payment_failed') {
        const failed = await orderRepository.markFailed(db, event.intentId, now())
        // Not an open order of ours (paid meanwhile, or another system's intent): nothing to count.
        if (!failed) return
        const ended = await cardTesting.recordIntentDecline(event.intentId, failed.email)
        // Ended: canceled at the provider so no card can be tried on it any more (Stripe.js included).
        if (ended && event.accountId) {
          await provider.cancelIntent(event.accountId, event.intentId).catch((error: unknown) => {
            log(`intent ${event.intentId}: declined too often, but could not be canceled: ${String(error)}`)
          })
        }
        return
      }
      await succeeded(event)
    },

    /**
     * Decision D11: nothing to charge, so no provider and no event. The order is recorded as paid
     * and delivered at once (its lead and, if the opt-in did not already send it, the free download:
     * D16); it is final (an update answers "already complete").
     */
    async completeFreeOrder(values: FreeOrderValues): Promise<OrderRow> {
      const at = now()
      const completed = {
        ...values,
        amountCents: 0,
        status: 'paid',
        provider: 'none',
        paidAt: at,
        // Delivered below, in this transaction.
        fulfilledAt: at,
        updatedAt: at,
        ...newReceipt(at),
      } as const
      return db.transaction(async (tx) => {
        // A visitor who unticked the bump on the payment form (or after a declined card) already has
        // an open order of total 0: it becomes the free order, rather than staying beside it.
        const open = await orderRepository.openZeroTotalFor(tx, values.freeOfferId, values.email)
        const reused = open && (await orderRepository.completeOpenAsFree(tx, open.id, { ...completed, intentId: `free_${open.id}` }))
        const id = randomUUID()
        // The column is unique and required; no provider event can ever name this value.
        const order = reused || (await orderRepository.insert(tx, { ...completed, id, intentId: `free_${id}` }))
        await deliver(tx, order, at)
        return order
      })
    },
  }
}
export type OrderFulfilment = ReturnType<typeof createOrderFulfilment>
