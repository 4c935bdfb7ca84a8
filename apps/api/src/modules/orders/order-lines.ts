import { centsToAmount, currencyById, type OrderLine } from '@funnelry/shared'
import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import type { Executor } from '../../db/client.js'
import { orderLines, orders } from './orders-tables.js'

export type OrderLineRow = typeof orderLines.$inferSelect

/** A post-purchase charge (decision D34) as the post-purchase step recorded it: the server's price, its own payment. */
export type PostPurchaseLine = {
  orderId: string
  offerId: string
  headline: string
  amountCents: number
  currency: number
  /** The provider's payment intent (or charge) of this charge: the line is refunded against it. */
  paymentRef: string
}

export const toOrderLine = (row: OrderLineRow): OrderLine => ({
  id: row.id,
  kind: row.kind,
  offer_id: row.offerId,
  headline: row.headline,
  amount: centsToAmount(row.amountCents),
  currency: currencyById(row.currency).value,
  status: row.status,
})

/**
 * Decision D35: what each order paid for. The first payment's lines are written by the database as
 * the order becomes paid (migration 0023); post-purchase charges add theirs here.
 */
export const orderLineRepository = {
  /**
   * Idempotent: a second call for the same order and offer (a replayed accept, a retried job)
   * returns the line the first one stored and changes nothing. Pass the transaction that records
   * the charge so the line and the charge commit together.
   */
  /**
   * `addPostPurchaseLine` for many charges recorded together (issue 26: buyers accepting at once),
   * in two statements: the lines, then their orders' totals. A line already stored changes nothing.
   */
  async addPostPurchaseLines(db: Executor, lines: PostPurchaseLine[]): Promise<void> {
    if (lines.length === 0) return
    const inserted = await db
      .insert(orderLines)
      .values(lines.map((line) => ({ ...line, kind: 'post_purchase' as const })))
      .onConflictDoNothing()
      .returning({ orderId: orderLines.orderId, amountCents: orderLines.amountCents })
    if (inserted.length === 0) return
    const added = sql.join(
      inserted.map((line) => sql`(${line.orderId}::uuid, ${line.amountCents}::int)`),
      sql`, `,
    )
    await db.execute(sql`
      with added (order_id, cents) as (values ${added}),
           per_order as (select order_id, sum(cents)::int as cents from added group by order_id)
      update ${orders} o set post_purchase_cents = o.post_purchase_cents + a.cents
        from per_order a where o.id = a.order_id`)
  },

  async addPostPurchaseLine(db: Executor, line: PostPurchaseLine): Promise<OrderLineRow> {
    const [inserted] = await db
      .insert(orderLines)
      .values({ ...line, kind: 'post_purchase' })
      .onConflictDoNothing()
      .returning()
    if (inserted) {
      // The order's total follows in the same transaction, so lists, exports and the funnel's revenue count the charge.
      await db
        .update(orders)
        .set({ postPurchaseCents: sql`${orders.postPurchaseCents} + ${inserted.amountCents}` })
        .where(eq(orders.id, line.orderId))
      return inserted
    }
    const [existing] = await db
      .select()
      .from(orderLines)
      .where(and(eq(orderLines.orderId, line.orderId), eq(orderLines.kind, 'post_purchase'), eq(orderLines.offerId, line.offerId)))
    if (!existing) throw new Error('the post-purchase line was neither stored nor found')
    return existing
  },

  /**
   * Decision D35: the provider took these refunds: a line becomes `refunded`, or `refund_pending`
   * while the provider still says `pending` (settled later by its event). Only lines still `paid`
   * change (a concurrent refund of the same line already recorded it): the ones changed now are returned.
   */
  async markRefunded(db: Executor, refunds: { lineId: string; refundRef: string; pending: boolean }[], at: Date): Promise<OrderLineRow[]> {
    const changed: OrderLineRow[] = []
    for (const { lineId, refundRef, pending } of refunds) {
      const [row] = await db
        .update(orderLines)
        .set(pending ? { status: 'refund_pending', refundRef } : { status: 'refunded', refundRef, refundedAt: at })
        .where(and(eq(orderLines.id, lineId), eq(orderLines.status, 'paid')))
        .returning()
      if (row) changed.push(row)
    }
    return changed
  },

  /**
   * Decision D35: the provider settled a pending refund: the line becomes `refunded`, or `paid` again
   * when it failed or was canceled. Only a line still waiting for that very refund changes (a
   * repeated event changes nothing): the line, or undefined.
   */
  async settleRefund(db: Executor, lineId: string, refundRef: string, outcome: 'refunded' | 'paid', at: Date) {
    const [row] = await db
      .update(orderLines)
      .set(outcome === 'refunded' ? { status: 'refunded', refundedAt: at } : { status: 'paid', refundRef: null })
      .where(and(eq(orderLines.id, lineId), eq(orderLines.refundRef, refundRef), eq(orderLines.status, 'refund_pending')))
      .returning()
    return row
  },

  /** The order a line belongs to (a provider's event names the line only). */
  orderOf: async (db: Executor, lineId: string) =>
    (await db.select({ orderId: orderLines.orderId }).from(orderLines).where(eq(orderLines.id, lineId)))[0]?.orderId,

  /** The lines of these orders in the order they were bought, keyed by order (an order without any has none). */
  async ofOrders(db: Executor, orderIds: readonly string[]): Promise<Map<string, OrderLineRow[]>> {
    const byOrder = new Map<string, OrderLineRow[]>()
    if (orderIds.length === 0) return byOrder
    const rows = await db
      .select()
      .from(orderLines)
      .where(inArray(orderLines.orderId, [...orderIds]))
      .orderBy(sql`array_position(array['free', 'bump', 'upsell', 'post_purchase'], ${orderLines.kind})`, asc(orderLines.createdAt))
    for (const row of rows) byOrder.set(row.orderId, [...(byOrder.get(row.orderId) ?? []), row])
    return byOrder
  },
}

/** The lines of a list of orders as the contract shows them (the reports module's orders list and order view). */
export type OrderLinesOf = (db: Executor, orderIds: readonly string[]) => Promise<Map<string, OrderLine[]>>

export const orderLinesOf: OrderLinesOf = async (db, orderIds) => {
  const rows = await orderLineRepository.ofOrders(db, orderIds)
  return new Map([...rows].map(([orderId, lines]) => [orderId, lines.map(toOrderLine)]))
}
