import type { LeadFilters } from '@funnelry/shared'
import { and, eq, sql } from 'drizzle-orm'
import type { Executor } from '../../db/client.js'
import { freeOffers, leads } from '../../db/schema/index.js'
import type { KeysetCursor } from './csv-export.js'
import type { PageWindow } from './list-cursor.js'
import { reportCounts } from './report-counts.js'
import { afterCursor, cursorTimeOf, funnelRowFilter, newestFirst } from './report-filters.js'
import { fromCursor, type PageRows, pageOrder, pageRowsOf } from './report-page.js'

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
export type LeadPageRow = LeadReportRow & { cursorTime: string }

export const leadReportRepository = {
  /** One page: an index range from its cursor, or by OFFSET within the first rows (docs/decisions/0012). */
  page: async (db: Executor, sellerId: string, filters: LeadFilters, window: PageWindow): Promise<PageRows<LeadPageRow>> =>
    pageRowsOf(
      await db
        .select({ ...columns, cursorTime: cursorTimeOf(leads.createdAt) })
        .from(leads)
        .innerJoin(freeOffers, eq(freeOffers.id, leads.freeOfferId))
        .where(and(funnelRowFilter(leads, sellerId, filters), fromCursor(leads.createdAt, leads.id, window.cursor)))
        .orderBy(...pageOrder(leads.createdAt, leads.id, window))
        .limit(window.limit)
        .offset(window.offset),
      window,
    ),

  /** Exact from the daily counters, or a search's count (an estimate past the exact limit). */
  count: (db: Executor, sellerId: string, filters: LeadFilters) =>
    filters.search
      ? reportCounts.search(
          db,
          sql`${db
            .select({ id: leads.id })
            .from(leads)
            .where(funnelRowFilter(leads, sellerId, filters))}`,
        )
      : reportCounts.leads(db, sellerId, filters).then((count) => ({ count, estimate: false })),

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
