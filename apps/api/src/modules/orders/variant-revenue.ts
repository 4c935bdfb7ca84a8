import { and, eq, gt, inArray, ne, sql } from 'drizzle-orm'
import type { Executor } from '../../db/client.js'
import { orderLines, orders } from './orders-tables.js'

/**
 * Split tests' revenue (issue 27, decision D36): what each buying visitor paid, per variant and UTC
 * day. The one place that says what revenue a variant earned: every line not refunded (D35; a refund still pending counts once given back) of the
 * variant's orders — the opt-in page's checkout with its bump and upsell, each post-purchase charge
 * (D34) — so a refunded line no longer counts, and the statistics follow.
 */
export async function revenueByVariant(db: Executor, variantIds: string[]) {
  if (variantIds.length === 0) return []
  const rows = await db
    .select({
      variantId: sql<string>`${orders.variantId}`,
      // The visitor who bought: their lead, else the order itself (one order, one visitor).
      visitorKey: sql<string>`coalesce(${orders.leadId}, ${orders.id})::text`,
      day: sql<string>`to_char(${orderLines.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`,
      cents: sql<number>`sum(${orderLines.amountCents})`.mapWith(Number),
      // A post-purchase charge belongs to an order already counted by its first payment's lines.
      orders: sql<number>`count(distinct ${orders.id}) filter (where ${orderLines.kind} <> 'post_purchase')`.mapWith(Number),
      currency: orderLines.currency,
    })
    .from(orders)
    .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
    .where(and(inArray(orders.variantId, variantIds), ne(orderLines.status, 'refunded'), gt(orderLines.amountCents, 0)))
    .groupBy(orders.variantId, sql`2`, sql`3`, orderLines.currency)
  return rows
}
