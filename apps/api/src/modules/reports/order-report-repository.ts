import type { OrderFilters } from '@funnelry/shared'
import { and, count, eq, isNotNull } from 'drizzle-orm'
import type { Executor } from '../../db/client.js'
import { bumpOffers, freeOffers, orders, upsellOffers } from '../../db/schema/index.js'
import type { KeysetCursor } from './csv-export.js'
import { afterCursor, cursorTimeOf, funnelRowFilter, newestFirst } from './report-filters.js'

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

export const orderReportRepository = {
  page: (db: Executor, sellerId: string, filters: OrderFilters, window: { limit: number; offset: number }) =>
    withOffers(db)
      .where(where(sellerId, filters))
      .orderBy(...newestFirst(orders.createdAt, orders.id))
      .limit(window.limit)
      .offset(window.offset),

  count: async (db: Executor, sellerId: string, filters: OrderFilters) =>
    (await db.select({ value: count() }).from(orders).where(where(sellerId, filters)))[0]?.value ?? 0,

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
