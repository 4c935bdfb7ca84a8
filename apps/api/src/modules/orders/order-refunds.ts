import { isUuid, orderRefundMessages, paymentMessages } from '@funnelry/shared'
import type { Database, Executor } from '../../db/client.js'
import { ConflictError, NotFoundError, PaymentError, ValidationError } from '../../lib/errors.js'
import type { Refund, RefundEvent } from '../payments/payments-module.js'
import { type CheckoutPayments, checkoutProvider } from './checkout-provider.js'
import { type OrderLineRow, orderLineRepository } from './order-lines.js'
import type { DeliverRefund } from './order-refund-delivery.js'
import { orderRepository } from './order-repository.js'

type Deps = { db: Database; payments: CheckoutPayments; deliver: DeliverRefund; now: () => Date }

/** A line money can be given back for: paid, priced, and charged by a provider (a free line never is). */
const refundable = (line: OrderLineRow) => line.kind !== 'free' && line.amountCents > 0 && line.paymentRef !== null

/** The lines asked for, or every line still to refund; refuses what is not this order's, free, or refunded already. */
function linesToRefund(lines: OrderLineRow[], lineIds: readonly string[] | undefined): OrderLineRow[] {
  if (!lineIds) {
    const open = lines.filter((line) => refundable(line) && line.status === 'paid')
    if (open.length === 0) throw new ConflictError(orderRefundMessages.nothingLeft)
    return open
  }
  const chosen = [...new Set(lineIds)].map((id) => lines.find((line) => line.id === id))
  if (chosen.some((line) => line === undefined)) throw ValidationError.field('line_ids', orderRefundMessages.notALine)
  const found = chosen.filter((line): line is OrderLineRow => line !== undefined)
  if (found.some((line) => !refundable(line))) throw ValidationError.field('line_ids', orderRefundMessages.freeLine)
  if (found.some((line) => line.status !== 'paid')) throw new ConflictError(orderRefundMessages.alreadyRefunded)
  return found
}

/**
 * Decision D35: a seller gives money back for some or all of an order's lines. Each line is refunded
 * at the provider with its own idempotency key (`refund-line-<id>`), outside any transaction (the
 * provider can take seconds); a retried, repeated or concurrent request gets the same refund back,
 * so money is given back once. Recording it is one transaction on the locked order: the lines, the
 * order's status and refunded total (the funnel's revenue follows, migration 0023), and the buyer's
 * email and `order.refunded` webhook, so either all of it is stored or none.
 */
export function createOrderRefunds({ db, payments, deliver, now }: Deps) {
  const provider = checkoutProvider(payments)

  /** The provider's refunds of these lines, one at a time; those that succeeded before a failure are kept. */
  async function refundAtProvider(sellerId: string, orderId: string, lines: OrderLineRow[]) {
    const account = await provider.accountOf(db, sellerId)
    if (!account) throw new ConflictError(orderRefundMessages.otherProvider)
    const done: { line: OrderLineRow; refund: Refund }[] = []
    let failure: unknown = null
    for (const line of lines) {
      try {
        const refund = await provider.viaProvider(() =>
          payments.provider.refund({
            accountId: account.accountId,
            intentId: line.paymentRef ?? '',
            amountCents: line.amountCents,
            idempotencyKey: `refund-line-${line.id}`,
            metadata: { order_id: orderId, order_line_id: line.id },
          }),
        )
        // A pending refund is recorded as such (D35); the provider's event settles it later.
        if (refund.status === 'failed' || refund.status === 'canceled') throw new PaymentError(paymentMessages.providerUnavailable, 502)
        done.push({ line, refund })
      } catch (error) {
        failure = error
        break
      }
    }
    return { done, failure }
  }

  return {
    /** Refunds and records; answers nothing (the caller reads the order again). */
    async refund(sellerId: string, orderId: string, lineIds: readonly string[] | undefined): Promise<void> {
      if (!isUuid(orderId)) throw new NotFoundError()
      const order = await orderRepository.findOwned(db, sellerId, orderId)
      if (!order) throw new NotFoundError()
      const lines = (await orderLineRepository.ofOrders(db, [order.id])).get(order.id) ?? []
      if (lines.length === 0) throw new ConflictError(orderRefundMessages.notPaid)
      const chosen = linesToRefund(lines, lineIds)
      if (order.provider !== payments.provider.name) throw new ConflictError(orderRefundMessages.otherProvider)

      const { done, failure } = await refundAtProvider(sellerId, order.id, chosen)
      if (done.length > 0) await record(order.id, done)
      if (failure) throw failure
    },

    settle,
  }

  /**
   * The order's status and refunded total once lines became `refunded` (in the transaction that
   * holds its lock), and the buyer's email and `order.refunded` webhook naming those lines. A line
   * whose refund is still pending leaves the order `paid` or `partially_refunded` until it settles.
   */
  async function applyRefunded(tx: Executor, orderId: string, refundedNow: OrderLineRow[], at: Date) {
    if (refundedNow.length === 0) return
    const lines = (await orderLineRepository.ofOrders(tx, [orderId])).get(orderId) ?? []
    const left = lines.some((line) => refundable(line) && line.status !== 'refunded')
    const refundedCents = lines.filter((line) => line.status === 'refunded').reduce((sum, line) => sum + line.amountCents, 0)
    const updated = await orderRepository.markRefunded(tx, orderId, { status: left ? 'partially_refunded' : 'refunded', refundedCents }, at)
    if (updated) await deliver(tx, updated, refundedNow, at)
  }

  async function record(orderId: string, done: { line: OrderLineRow; refund: Refund }[]) {
    const at = now()
    const recorded = await db.transaction(async (tx) => {
      // Locked first: concurrent refunds of other lines of this order add up one after the other.
      await orderRepository.lock(tx, orderId)
      const changed = await orderLineRepository.markRefunded(
        tx,
        done.map(({ line, refund }) => ({ lineId: line.id, refundRef: refund.id, pending: refund.status === 'pending' })),
        at,
      )
      // Every line was recorded by a concurrent request that got the same refunds: nothing more to tell.
      if (changed.length === 0) return false
      await applyRefunded(
        tx,
        orderId,
        changed.filter((line) => line.status === 'refunded'),
        at,
      )
      return true
    })
    if (!recorded) throw new ConflictError(orderRefundMessages.alreadyRefunded)
  }

  /**
   * Decision D35: the provider's word on refunds it answered `pending` (Stripe's `refund.updated`,
   * `charge.refunded`): a succeeded one makes its line refunded (revenue, email and webhook follow
   * then), a failed or canceled one makes it paid again. The line is named by the refund's metadata
   * and must be waiting for that very refund; a repeated event changes nothing.
   */
  async function settle(event: RefundEvent): Promise<void> {
    for (const refund of event.refunds) {
      const lineId = refund.metadata.order_line_id
      if (refund.status === 'pending' || !lineId || !isUuid(lineId)) continue
      const orderId = await orderLineRepository.orderOf(db, lineId)
      if (!orderId) continue
      const at = now()
      await db.transaction(async (tx) => {
        await orderRepository.lock(tx, orderId)
        const outcome = refund.status === 'succeeded' ? 'refunded' : 'paid'
        const line = await orderLineRepository.settleRefund(tx, lineId, refund.id, outcome, at)
        if (line?.status === 'refunded') await applyRefunded(tx, orderId, [line], at)
      })
    }
  }
}
export type OrderRefunds = ReturnType<typeof createOrderRefunds>
