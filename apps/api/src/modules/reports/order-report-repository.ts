import type { OrderFilters } from '@funnelry/shared'
import { and, eq, isNotNull, sql } from 'drizzle-orm'
import type { Executor } from '../../db/client.js'
import { bumpOffers, freeOffers, orders, upsellOffers } from '../../db/schema/index.js'
import type { KeysetCursor } from './csv-export.js'
import type { PageWindow } from './list-cursor.js'
import { reportCounts } from './report-counts.js'
import { afterCursor, cursorTimeOf, funnelRowFilter, newestFirst } from './report-filters.js'
import { fromCursor, type PageRows, pageOrder, pageRowsOf } from './report-page.js'

/**
 * The seller's own orders that are listed: decision D20 keeps drafts out of every list, count and
 * export. A draft is an order without the visitor's details (those abandoned as drafts included).
 */
const where = (sellerId: string, filters: OrderFilters) =>
  and(funnelRowFilter(orders, sellerId, filters), isNotNull(orders.email), filters.status ? eq(orders.status, filters.status) : undefined)

const columns = {
  order: orders,
  offer: { id: freeOffers.id, headline: freeOffers.headline },
  bump: { id: bumpOffers.id, headline: bumpOffers.headline },
  upsell: { id: upsellOffers.id, headline: upsellOffers.headline },
}

/** An order with the headlines of what it was for, in one query. */
const withOffers = (db: Executor) =>
  db
    // The id first: drizzle reads a left-joined object as null when its first field is.
    .select(columns)
    .from(orders)
    .innerJoin(freeOffers, eq(freeOffers.id, orders.freeOfferId))
    .leftJoin(bumpOffers, eq(bumpOffers.id, orders.bumpOfferId))
    .leftJoin(upsellOffers, eq(upsellOffers.id, orders.upsellOfferId))

export type OrderReportRow = Awaited<ReturnType<typeof withOffers>>[number]
export type OrderPageRow = OrderReportRow & { cursorTime: string }

export const orderReportRepository = {
  /** One page: an index range from its cursor, or by OFFSET within the first rows (docs/decisions/0012). */
  page: async (db: Executor, sellerId: string, filters: OrderFilters, window: PageWindow): Promise<PageRows<OrderPageRow>> =>
    pageRowsOf(
      await db
        .select({ ...columns, cursorTime: cursorTimeOf(orders.createdAt) })
        .from(orders)
        .innerJoin(freeOffers, eq(freeOffers.id, orders.freeOfferId))
        .leftJoin(bumpOffers, eq(bumpOffers.id, orders.bumpOfferId))
        .leftJoin(upsellOffers, eq(upsellOffers.id, orders.upsellOfferId))
        .where(and(where(sellerId, filters), fromCursor(orders.createdAt, orders.id, window.cursor)))
        .orderBy(...pageOrder(orders.createdAt, orders.id, window))
        .limit(window.limit)
        .offset(window.offset),
      window,
    ),

  /** Exact from the daily counters, or a search's count (an estimate past the exact limit). */
  count: (db: Executor, sellerId: string, filters: OrderFilters) =>
    filters.search
      ? reportCounts.search(db, sql`${db.select({ id: orders.id }).from(orders).where(where(sellerId, filters))}`)
      : reportCounts.orders(db, sellerId, filters).then((count) => ({ count, estimate: false })),

  /** One batch of the orders export after `cursor` (keyset, as the leads export). */
  exportBatch: async (db: Executor, sellerId: string, filters: OrderFilters, cursor: KeysetCursor | null, limit: number) =>
    (
      await db
        .select({ ...columns, cursorTime: cursorTimeOf(orders.createdAt) })
        .from(orders)
        .innerJoin(freeOffers, eq(freeOffers.id, orders.freeOfferId))
        .leftJoin(bumpOffers, eq(bumpOffers.id, orders.bumpOfferId))
        .leftJoin(upsellOffers, eq(upsellOffers.id, orders.upsellOfferId))
        .where(and(where(sellerId, filters), afterCursor(orders.createdAt, orders.id, cursor)))
        .orderBy(...newestFirst(orders.createdAt, orders.id))
        .limit(limit)
    ).map((row) => ({ ...row, id: row.order.id })),
}
