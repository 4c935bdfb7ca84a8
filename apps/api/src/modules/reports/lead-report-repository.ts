import type { LeadFilters } from '@funnelry/shared'
import { and, eq, sql } from 'drizzle-orm'
import type { Executor } from '../../db/client.js'
import { selectUtmColumns } from '../../db/schema/columns.js'
import { splitVariantView } from '../experiments/experiments-module.js'
// biome-ignore lint/style/noRestrictedImports: the reports are the read model over the leads' rows (decisions 0012, 0028)
import { leads } from '../leads/leads-tables.js'
import { freeOfferView } from '../offers/offers-module.js'
import { defused, utmCells } from './csv-export.js'
import type { PageWindow } from './list-cursor.js'
import { reportCounts, searchSampleRows } from './report-counts.js'
import { countedFilters, cursorTimeOf, funnelRowFilter, narrowedBy, narrowingMatch, newestFirst } from './report-filters.js'
import { fromCursor, type ListTotal, type PageRows, pageOrder, pageRowsOf } from './report-page.js'

const columns = {
  id: leads.id,
  fullName: leads.fullName,
  email: leads.email,
  createdAt: leads.createdAt,
  offerId: freeOfferView.id,
  offerHeadline: freeOfferView.headline,
  ...selectUtmColumns(leads),
  variantId: splitVariantView.id,
  variantName: splitVariantView.name,
}

/** The order of the (seller_id | free_offer_id, created_at desc, id desc) indexes. */
const newest = newestFirst(leads.createdAt, leads.id)

const withOffer = (db: Executor) =>
  db
    .select(columns)
    .from(leads)
    .innerJoin(freeOfferView, eq(freeOfferView.id, leads.freeOfferId))
    .leftJoin(splitVariantView, eq(splitVariantView.id, leads.variantId))

export type LeadReportRow = Awaited<ReturnType<typeof withOffer>>[number]
export type LeadPageRow = LeadReportRow & { cursorTime: string }

export const leadReportRepository = {
  /** One page: an index range from its cursor, or by OFFSET within the first rows (docs/decisions/0012). */
  page: async (db: Executor, sellerId: string, filters: LeadFilters, window: PageWindow): Promise<PageRows<LeadPageRow>> =>
    pageRowsOf(
      await db
        .select({ ...columns, cursorTime: cursorTimeOf(leads.createdAt) })
        .from(leads)
        .innerJoin(freeOfferView, eq(freeOfferView.id, leads.freeOfferId))
        .leftJoin(splitVariantView, eq(splitVariantView.id, leads.variantId))
        .where(and(funnelRowFilter(leads, sellerId, filters), fromCursor(leads.createdAt, leads.id, window.cursor)))
        .orderBy(...pageOrder(leads.createdAt, leads.id, window))
        .limit(window.limit)
        .offset(window.offset),
      window,
    ),

  /** Exact from the daily counters, or a search's count (an estimate past the exact limit). */
  count: (db: Executor, sellerId: string, filters: LeadFilters): Promise<ListTotal> => {
    const unsearched = countedFilters(filters)
    if (!narrowedBy(filters)) return reportCounts.leads(db, sellerId, filters).then((count) => ({ count, estimate: false }))
    return reportCounts.search(db, {
      sample: sql`${db
        .select({ matched: sql<boolean>`${narrowingMatch(leads, filters)}`.as('matched') })
        .from(leads)
        .where(funnelRowFilter(leads, sellerId, unsearched))
        .orderBy(...newest)
        .limit(searchSampleRows + 1)}`,
      matching: sql`${db
        .select({ id: leads.id })
        .from(leads)
        .where(funnelRowFilter(leads, sellerId, filters))}`,
      unsearchedTotal: () => reportCounts.leads(db, sellerId, unsearched),
    })
  },

  /**
   * The export's cells, in SQL (docs/decisions/0012): defused as `csvCell` does, the time last (see
   * `exportRecords`), newest first like the list.
   */
  exportQuery: (db: Executor, sellerId: string, filters: LeadFilters) =>
    db
      .select({
        fullName: defused(leads.fullName),
        email: defused(leads.email),
        offer: defused(freeOfferView.headline),
        ...utmCells(leads),
        variant: defused(splitVariantView.name),
        // Last: `exportRecords` writes it as toISOString does.
        createdAt: leads.createdAt,
      })
      .from(leads)
      .innerJoin(freeOfferView, eq(freeOfferView.id, leads.freeOfferId))
      .leftJoin(splitVariantView, eq(splitVariantView.id, leads.variantId))
      .where(funnelRowFilter(leads, sellerId, filters))
      .orderBy(...newest),
}
