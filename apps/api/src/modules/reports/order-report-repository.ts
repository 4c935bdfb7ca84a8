import type { OrderFilters } from '@funnelry/shared'
import { and, count, eq } from 'drizzle-orm'
import type { Executor } from '../../db/client.js'
import { bumpOffers, freeOffers, orders, upsellOffers } from '../../db/schema/index.js'
import { funnelRowFilter, newestFirst } from './report-filters.js'

const where = (sellerId: string, filters: OrderFilters) =>
  and(funnelRowFilter(orders, sellerId, filters), filters.status ? eq(orders.status, filters.status) : undefined)

/** An order with the headlines of what it was for, in one query. */
const withOffers = (db: Executor) =>
  db
    // The id first: drizzle reads a left-joined object as null when its first field is.
    .select({
      order: orders,
      offer: { id: freeOffers.id, headline: freeOffers.headline },
      bump: { id: bumpOffers.id, headline: bumpOffers.headline },
      upsell: { id: upsellOffers.id, headline: upsellOffers.headline },
    })
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
}
