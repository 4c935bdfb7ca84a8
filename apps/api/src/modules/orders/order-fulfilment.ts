import { randomUUID } from 'node:crypto'
import { currencies } from '@funnelry/shared'
import type { Database } from '../../db/client.js'
import type { CardTestingGuard, PaymentIntentEvent, PaymentProvider } from '../payments/payments-module.js'
import type { DeliverOrder } from './order-delivery.js'
import { newReceipt } from './order-receipt-token.js'
import { type NewOrder, type OrderRow, orderRepository } from './order-repository.js'

/** The provider speaks currency codes ('usd'); orders keep our ids (decision D2). Unknown codes match nothing. */
const currencyIdOfCode = (code: string) => currencies.find((currency) => currency.code === code.toLowerCase())?.value ?? 0

type Deps = {
  db: Database
  deliver: DeliverOrder
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
export function createOrderFulfilment({ db, deliver, now, log, cardTesting, provider }: Deps) {
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
      const charged = { amountCents: event.amountCents, currency: currencyIdOfCode(event.currency) }
      await db.transaction(async (tx) => {
        const at = now()
        const order = await orderRepository.markPaid(tx, event.intentId, charged, at)
        if (order) {
          await deliver(tx, order, at)
          return
        }
        // Already paid (a repeated event), an intent that is not ours, or a charge that differs from
        // the order: the last is never delivered; it stays pending for the seller to settle.
        const pending = await orderRepository.findByIntent(tx, event.intentId)
        if (pending && pending.status !== 'paid') {
          log(
            `order ${pending.id}: charged ${event.amountCents} ${event.currency} but the order is ${pending.amountCents} (currency ${pending.currency}); not fulfilled`,
          )
        }
      })
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
