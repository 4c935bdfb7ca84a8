import { exactSearchCountLimit, type LeadFilters, type OrderFilters } from '@funnelry/shared'
import { and, eq, gte, lte, type SQL, sql } from 'drizzle-orm'
import type { Executor } from '../../db/client.js'
import type { ListTotal } from './report-page.js'
import { leadDailyCounts, orderDailyCounts } from './reports-tables.js'

/**
 * How many of the newest rows a search's count reads before deciding how to count (see `search`).
 * As many as a small seller has in all: a thousand rows cost the same for every seller.
 */
export const searchSampleRows = 1000

/** The filters the daily counters answer: free offer and inclusive UTC days (not search). */
const countedRange = (
  table: typeof leadDailyCounts | typeof orderDailyCounts,
  sellerId: string,
  filters: LeadFilters,
): (SQL | undefined)[] => [
  eq(table.sellerId, sellerId),
  filters.free_offer ? eq(table.freeOfferId, filters.free_offer) : undefined,
  filters.date_from ? gte(table.day, filters.date_from) : undefined,
  filters.date_to ? lte(table.day, filters.date_to) : undefined,
]

/**
 * How many rows a list's filters match (docs/decisions/0012). Without a search the daily counters
 * kept by the triggers of migration 0004 answer exactly, from a few hundred rows whatever the
 * table's size. A search is counted on the table up to `exactSearchCountLimit` matches; above it
 * the count is PostgreSQL's estimate of the rows the search matches, marked as an estimate.
 */
export const reportCounts = {
  leads: async (db: Executor, sellerId: string, filters: LeadFilters) =>
    Number(
      (
        await db
          .select({ value: sql<string>`coalesce(sum(${leadDailyCounts.leads}), 0)` })
          .from(leadDailyCounts)
          .where(and(...countedRange(leadDailyCounts, sellerId, filters)))
      )[0]?.value ?? 0,
    ),

  orders: async (db: Executor, sellerId: string, filters: OrderFilters) =>
    Number(
      (
        await db
          .select({ value: sql<string>`coalesce(sum(${orderDailyCounts.orders}), 0)` })
          .from(orderDailyCounts)
          .where(
            and(
              ...countedRange(orderDailyCounts, sellerId, filters),
              filters.status ? eq(orderDailyCounts.status, filters.status) : undefined,
            ),
          )
      )[0]?.value ?? 0,
    ),

  /**
   * A search's matches (docs/decisions/0012). First the newest `searchSampleRows` rows (and one
   * more) the other filters keep are read in index order: when that is all of them, the count is exact; when their
   * share of matches puts the total clearly above `exactSearchCountLimit`, the total is that share
   * of the counted rows, an estimate. Otherwise the search is rare, and is counted through the
   * trigram indexes up to the limit (an estimate only past it).
   */
  async search(db: Executor, query: { sample: SQL; matching: SQL; unsearchedTotal: () => Promise<number> }): Promise<ListTotal> {
    const sampled = await db.execute<{ matches: number; scanned: number }>(
      sql`select (count(*) filter (where matched))::int as matches, count(*)::int as scanned from (${query.sample}) as sample`,
    )
    const { matches = 0, scanned = 0 } = sampled.rows[0] ?? {}
    if (scanned <= searchSampleRows) return { count: matches, estimate: false }
    const share = matches / scanned
    const extrapolate = async () => Math.round(share * (await query.unsearchedTotal()))
    if (matches >= 20) {
      const estimated = await extrapolate()
      if (estimated > 2 * exactSearchCountLimit) return { count: estimated, estimate: true }
    }
    const counted = await db.execute<{ value: number }>(
      sql`select count(*)::int as value from (${query.matching} limit ${exactSearchCountLimit + 1}) as matches`,
    )
    const count = counted.rows[0]?.value ?? 0
    if (count <= exactSearchCountLimit) return { count, estimate: false }
    return { count: Math.max(await extrapolate(), exactSearchCountLimit + 1), estimate: true }
  },
}
