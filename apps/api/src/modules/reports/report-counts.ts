import { exactSearchCountLimit, type LeadFilters, type OrderFilters } from '@funnelry/shared'
import { and, eq, gte, lte, type SQL, sql } from 'drizzle-orm'
import type { Executor } from '../../db/client.js'
import { leadDailyCounts, orderDailyCounts } from '../../db/schema/index.js'
import type { ListTotal } from './report-page.js'

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
   * A search's matches: `matching` is the query of the matching rows (any columns). Counted up to
   * the limit (the scan stops at limit + 1 rows); past it, the planner's estimate, never below.
   */
  async search(db: Executor, matching: SQL): Promise<ListTotal> {
    const counted = await db.execute<{ value: number }>(
      sql`select count(*)::int as value from (${matching} limit ${exactSearchCountLimit + 1}) as matches`,
    )
    const count = counted.rows[0]?.value ?? 0
    if (count <= exactSearchCountLimit) return { count, estimate: false }
    const plan = await db.execute<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>(sql`explain (format json) ${matching}`)
    const estimated = Math.round(plan.rows[0]?.['QUERY PLAN'][0].Plan['Plan Rows'] ?? 0)
    return { count: Math.max(estimated, exactSearchCountLimit + 1), estimate: true }
  },
}
