import type { LeadFilters } from '@funnelry/shared'
import { and, count, eq } from 'drizzle-orm'
import type { Executor } from '../../db/client.js'
import { freeOffers, leads } from '../../db/schema/index.js'
import type { KeysetCursor } from './csv-export.js'
import { afterCursor, cursorTimeOf, funnelRowFilter, newestFirst } from './report-filters.js'

const columns = {
  id: leads.id,
  fullName: leads.fullName,
  email: leads.email,
  createdAt: leads.createdAt,
  offerId: freeOffers.id,
  offerHeadline: freeOffers.headline,
}

/** The order of the (seller_id | free_offer_id, created_at desc, id desc) indexes. */
const newest = newestFirst(leads.createdAt, leads.id)

const withOffer = (db: Executor) => db.select(columns).from(leads).innerJoin(freeOffers, eq(freeOffers.id, leads.freeOfferId))

export type LeadReportRow = Awaited<ReturnType<typeof withOffer>>[number]

export const leadReportRepository = {
  page: (db: Executor, sellerId: string, filters: LeadFilters, window: { limit: number; offset: number }) =>
    withOffer(db)
      .where(funnelRowFilter(leads, sellerId, filters))
      .orderBy(...newest)
      .limit(window.limit)
      .offset(window.offset),

  count: async (db: Executor, sellerId: string, filters: LeadFilters) =>
    (
      await db
        .select({ value: count() })
        .from(leads)
        .where(funnelRowFilter(leads, sellerId, filters))
    )[0]?.value ?? 0,

  /**
   * One batch of the export after `cursor` (keyset): each batch is an index range however deep
   * into the list it is.
   */
  exportBatch: (db: Executor, sellerId: string, filters: LeadFilters, cursor: KeysetCursor | null, limit: number) =>
    db
      .select({
        ...columns,
        cursorTime: cursorTimeOf(leads.createdAt),
      })
      .from(leads)
      .innerJoin(freeOffers, eq(freeOffers.id, leads.freeOfferId))
      .where(and(funnelRowFilter(leads, sellerId, filters), afterCursor(leads.createdAt, leads.id, cursor)))
      .orderBy(...newest)
      .limit(limit),
}
