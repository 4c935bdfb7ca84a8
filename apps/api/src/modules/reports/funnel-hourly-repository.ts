import { type AnyColumn, and, eq, gte, lt, type SQL, sql } from 'drizzle-orm'
import type { Executor } from '../../db/client.js'
import { funnelHourlyCounts as hourly } from '../../db/schema/index.js'
import type { FunnelRange } from './funnel-range.js'

/*
 * Decision D37: a free offer's funnel over any days of any time zone, read from its hourly counters
 * (migration 0021): at most 24 rows per day and campaign, however many visits, leads and orders.
 */

/** The first instant of `day` in `timeZone`, computed by PostgreSQL's own time zone rules. */
const startOf = (day: string, timeZone: string) => sql`(${day}::date::timestamp at time zone ${timeZone})`
const afterDay = (day: string, timeZone: string) => sql`((${day}::date + 1)::timestamp at time zone ${timeZone})`

const inRange = (offerId: string, range: FunnelRange): SQL | undefined =>
  and(
    eq(hourly.freeOfferId, offerId),
    gte(hourly.hour, startOf(range.from, range.timeZone)),
    lt(hourly.hour, afterDay(range.to, range.timeZone)),
  )

const total = (column: AnyColumn | SQL, condition?: SQL) =>
  (condition ? sql`coalesce(sum(${column}) filter (where ${condition}), 0)` : sql`coalesce(sum(${column}), 0)`).mapWith(Number)

/** Revenue counts only in the funnel's one currency (rows of views and leads have currency 0). */
const revenueIn = (currency: number) => total(hourly.revenueCents, eq(hourly.currency, currency))

export const funnelHourlyRepository = {
  /** Every count of the range, and the paid amount per currency. */
  async totals(db: Executor, offerId: string, range: FunnelRange) {
    const [counts] = await db
      .select({
        views: total(hourly.views),
        optIns: total(hourly.optIns),
        orders: total(hourly.orders),
        paidOrders: total(hourly.paidOrders),
        freeOrders: total(hourly.freeOrders),
        completedWithBump: total(hourly.completedWithBump),
        completedUpsellShown: total(hourly.completedUpsellShown),
        completedWithUpsell: total(hourly.completedWithUpsell),
        freeCompletions: total(hourly.freeCompleters),
      })
      .from(hourly)
      .where(inRange(offerId, range))
    const revenue = await db
      .select({ currency: hourly.currency, cents: total(hourly.revenueCents) })
      .from(hourly)
      .where(and(inRange(offerId, range), sql`${hourly.currency} <> 0`))
      .groupBy(hourly.currency)
      .having(sql`sum(${hourly.revenueCents}) > 0`)
    return { counts, revenue }
  },

  /** Views, opt-ins, paid orders and revenue per day of the range in its time zone (days with none left out). */
  daily: (db: Executor, offerId: string, range: FunnelRange, currency: number) => {
    const day = sql<string>`to_char((${hourly.hour} at time zone ${range.timeZone})::date, 'YYYY-MM-DD')`
    return db
      .select({
        day,
        views: total(hourly.views),
        optIns: total(hourly.optIns),
        orders: total(hourly.paidOrders),
        revenueCents: revenueIn(currency),
      })
      .from(hourly)
      .where(inRange(offerId, range))
      .groupBy(sql`1`)
  },

  /** The same figures per source and campaign ('' when direct), most views first, then most opt-ins. */
  sources: (db: Executor, offerId: string, range: FunnelRange, currency: number) =>
    db
      .select({
        source: hourly.utmSource,
        campaign: hourly.utmCampaign,
        views: total(hourly.views),
        optIns: total(hourly.optIns),
        orders: total(hourly.paidOrders),
        revenueCents: revenueIn(currency),
      })
      .from(hourly)
      .where(inRange(offerId, range))
      .groupBy(hourly.utmSource, hourly.utmCampaign)
      .orderBy(sql`3 desc`, sql`4 desc`, sql`6 desc`, hourly.utmSource, hourly.utmCampaign),

  /** One view in the current UTC hour under the visitor's campaign; false when there is no such offer. */
  async countView(db: Executor, offerId: string, at: Date, source: string | null, campaign: string | null): Promise<boolean> {
    const result = await db.execute(sql`
      select funnel_hourly_add(id, ${at}, ${source}, ${campaign}, 0::smallint, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        from free_offers where id = ${offerId}`)
    return (result.rowCount ?? 0) > 0
  },
}
