import { and, inArray, notInArray, sql } from 'drizzle-orm'
import type { Executor } from '../../db/client.js'
import { insertRows } from '../../db/insert-rows.js'
import { receiptExpiry } from './order-receipt-token.js'
import { type NewOrder, type OrderRow, paidStatuses } from './order-repository.js'
import { orders } from './orders-tables.js'

/** One provider event's charge, as `markPaid` checks it. */
export type Charge = { intentId: string; amountCents: number; currency: number }

/**
 * The order statements of many checkouts at once (docs/decisions/checkout-at-campaign-scale.md):
 * the same rules as order-repository.ts, one statement for a whole batch.
 */
export const orderBatchRepository = {
  async insertMany(db: Executor, values: NewOrder[]): Promise<OrderRow[]> {
    if (values.length === 0) return []
    return insertRows(db, orders, values).returning()
  },

  /**
   * `markPaid` for many events: only orders not yet paid whose amount and currency are what was
   * charged. A row named twice (two confirms of one intent in one batch) is updated once, and a
   * concurrent batch waits for its lock, then sees it paid and skips it. A refunded order is
   * never paid again.
   */
  async markPaidMany(db: Executor, charges: Charge[], at: Date): Promise<OrderRow[]> {
    if (charges.length === 0) return []
    const charged = JSON.stringify(charges.map((c) => ({ intent_id: c.intentId, amount_cents: c.amountCents, currency: c.currency })))
    return (
      db
        .update(orders)
        // Fulfilled with it: the caller queues the deliveries in this transaction (order-delivery.ts).
        .set({ status: 'paid', paidAt: at, fulfilledAt: at, updatedAt: at, receiptExpiresAt: receiptExpiry(at) })
        .where(
          and(
            notInArray(orders.status, [...paidStatuses]),
            // Names the rows through the intent's unique index: the row comparison below alone is a
            // hash join over a scan of every order (18 ms at 900 orders, and growing with them).
            inArray(
              orders.intentId,
              charges.map((c) => c.intentId),
            ),
            sql`(${orders.intentId}, ${orders.amountCents}, ${orders.currency}) in (select intent_id, amount_cents, currency from jsonb_to_recordset(${charged}::jsonb) as c(intent_id text, amount_cents integer, currency integer))`,
          ),
        )
        .returning()
    )
  },

  /** Links orders to the leads their delivery recorded (orders that had none: a new free order, or its lead deleted since). */
  async linkLeadsMany(db: Executor, linked: { id: string; leadId: string }[], at: Date): Promise<void> {
    if (linked.length === 0) return
    const rows = JSON.stringify(linked.map((f) => ({ id: f.id, lead_id: f.leadId })))
    await db
      .update(orders)
      .set({
        leadId: sql`(select f.lead_id from jsonb_to_recordset(${rows}::jsonb) as f(id uuid, lead_id uuid) where f.id = ${orders.id})`,
        updatedAt: at,
      })
      .where(
        inArray(
          orders.id,
          linked.map((f) => f.id),
        ),
      )
  },
}
