import type { LeadFilters } from '@funnelry/shared'
import { and, eq, gte, ilike, lt, type SQL, sql } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'

const dayMs = 86_400_000

/** The first instant of an ISO day in UTC. */
export const startOfDay = (day: string) => new Date(`${day}T00:00:00.000Z`)
/** The first instant after an ISO day in UTC: `date_to` is inclusive. */
export const endOfDay = (day: string) => new Date(startOfDay(day).getTime() + dayMs)

/** `contains` for ILIKE: the user's %, _ and \ match themselves. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`

/**
 * Newest first in the exact order of the indexes: drizzle-kit writes `desc()` index columns as
 * DESC NULLS LAST, and a plain ORDER BY ... DESC (NULLS FIRST) would not be served by them.
 */
export { newestFirst } from '../../db/ordering.js'

/** The columns leads and orders share, which their filters read. */
type FunnelRowColumns = {
  sellerId: AnyPgColumn
  freeOfferId: AnyPgColumn
  fullName: AnyPgColumn
  email: AnyPgColumn
  createdAt: AnyPgColumn
  utmCampaign: AnyPgColumn
  utmSource: AnyPgColumn
}

/** A row whose name or email holds `search` (any case, as plain text). */
export const searchMatch = (table: Pick<FunnelRowColumns, 'fullName' | 'email'>, search: string) => {
  const pattern = containsPattern(search)
  return sql`(${ilike(table.fullName, pattern)} or ${ilike(table.email, pattern)})`
}

/**
 * The filters the daily counters cannot answer (docs/decisions/0012): a search, and a campaign or
 * source (decision D37). Their counts are taken like a search's (`reportCounts.search`).
 */
export const narrowedBy = (filters: LeadFilters) => Boolean(filters.search || filters.utm_campaign || filters.utm_source)

/** The rows that the narrowing filters (`narrowedBy`) keep, or undefined when there are none. */
export const narrowingMatch = (table: FunnelRowColumns, filters: LeadFilters): SQL | undefined =>
  and(
    filters.search ? searchMatch(table, filters.search) : undefined,
    filters.utm_campaign ? eq(table.utmCampaign, filters.utm_campaign) : undefined,
    filters.utm_source ? eq(table.utmSource, filters.utm_source) : undefined,
  )

/** The filters without the narrowing ones: what the daily counters count. */
export const countedFilters = <T extends LeadFilters>({ search: _s, utm_campaign: _c, utm_source: _u, ...counted }: T) => counted

/** The seller's own rows, narrowed by the list filters (search, campaign, source, free offer, UTC days). */
export function funnelRowFilter(table: FunnelRowColumns, sellerId: string, filters: LeadFilters): SQL | undefined {
  return and(
    // Always the caller's own: a free_offer of another seller simply matches nothing.
    eq(table.sellerId, sellerId),
    filters.free_offer ? eq(table.freeOfferId, filters.free_offer) : undefined,
    narrowingMatch(table, filters),
    filters.date_from ? gte(table.createdAt, startOfDay(filters.date_from)) : undefined,
    filters.date_to ? lt(table.createdAt, endOfDay(filters.date_to)) : undefined,
  )
}

/**
 * PostgreSQL's own microsecond text of a row's time, which a page cursor starts after: a
 * JavaScript Date keeps milliseconds and would skip or repeat rows.
 */
export const cursorTimeOf = (createdAt: AnyPgColumn) =>
  sql<string>`to_char(${createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`
