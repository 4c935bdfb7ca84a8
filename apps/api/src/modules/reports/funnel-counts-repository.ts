import { type SQL, sql } from 'drizzle-orm'
import type { Executor } from '../../db/client.js'
import { freeOfferView } from '../offers/offers-module.js'
import { daysAreUtc, rangeHourTotals, rangeRows } from './funnel-count-rows.js'
import type { FunnelRange } from './funnel-range.js'

/*
 * Decision D37: a free offer's funnel over any days of any time zone, read from its counters
 * (migrations 0021 and 0026): whole UTC days from the daily rows, the hours a time zone's midnight
 * cuts from the hourly rows (funnel-count-rows.ts). At most one row per day and campaign, plus
 * 24 per cut day, however many visits, leads and orders.
 */

const total = (column: string, condition?: SQL) =>
  condition
    ? sql`coalesce(sum(${sql.raw(column)}) filter (where ${condition}), 0)::float8`
    : sql`coalesce(sum(${sql.raw(column)}), 0)::float8`

/** Revenue counts only in the funnel's one currency (rows of views and leads have currency 0). */
const revenueIn = (currency: number) => total('revenue_cents', sql`currency = ${currency}`)

type Totals = {
  views: number
  optIns: number
  orders: number
  paidOrders: number
  freeOrders: number
  completedWithBump: number
  completedUpsellShown: number
  completedWithUpsell: number
  freeCompletions: number
}
type Figures = { views: number; optIns: number; orders: number; revenueCents: number }

export const funnelCountsRepository = {
  /** Every count of the range, and the paid amount per currency. */
  async totals(db: Executor, offerId: string, range: FunnelRange) {
    const rows = rangeRows(offerId, range)
    const counted = await db.execute<Totals>(sql`
      select ${total('views')} as "views", ${total('opt_ins')} as "optIns", ${total('orders')} as "orders",
             ${total('paid_orders')} as "paidOrders", ${total('free_orders')} as "freeOrders",
             ${total('completed_with_bump')} as "completedWithBump", ${total('completed_upsell_shown')} as "completedUpsellShown",
             ${total('completed_with_upsell')} as "completedWithUpsell", ${total('free_completers')} as "freeCompletions",
             coalesce(jsonb_object_agg(currency, cents) filter (where currency <> 0 and cents > 0), '{}') as "revenue"
        from (select currency, ${total('views')} as views, ${total('opt_ins')} as opt_ins, ${total('orders')} as orders,
                     ${total('paid_orders')} as paid_orders, ${total('free_orders')} as free_orders,
                     ${total('completed_with_bump')} as completed_with_bump, ${total('completed_upsell_shown')} as completed_upsell_shown,
                     ${total('completed_with_upsell')} as completed_with_upsell, ${total('free_completers')} as free_completers,
                     ${total('revenue_cents')} as cents
                from ${rows} as counted group by currency) as per_currency`)
    const row = counted.rows[0] as (Totals & { revenue: Record<string, number> }) | undefined
    const revenue = Object.entries(row?.revenue ?? {}).map(([currency, cents]) => ({ currency: Number(currency), cents: Number(cents) }))
    return { counts: row, revenue }
  },

  /**
   * Views, opt-ins, paid orders and the paid amount per currency, per day of the range in its time
   * zone (days with none left out). Per currency, so that it can run while the currency is looked up.
   */
  async daily(db: Executor, offerId: string, range: FunnelRange) {
    const rows = daysAreUtc(range) ? rangeRows(offerId, range) : rangeHourTotals(offerId, range)
    // Added up per row start first: the time zone is then applied once per hour or day, not per row.
    const perDay = await db.execute<Figures & { day: string; currency: number }>(sql`
      select to_char((at at time zone ${range.timeZone})::date, 'YYYY-MM-DD') as "day", currency as "currency",
             ${total('views')} as "views", ${total('opt_ins')} as "optIns", ${total('orders')} as "orders",
             ${total('cents')} as "revenueCents"
        from (select at, currency, ${total('views')} as views, ${total('opt_ins')} as opt_ins, ${total('paid_orders')} as orders,
                     ${total('revenue_cents')} as cents
                from ${rows} as counted group by at, currency) as per_start
       group by 1, 2`)
    const days = new Map<string, Omit<Figures, 'revenueCents'> & { revenue: Map<number, number> }>()
    for (const row of perDay.rows) {
      const day = days.get(row.day) ?? { views: 0, optIns: 0, orders: 0, revenue: new Map<number, number>() }
      days.set(row.day, { ...day, views: day.views + row.views, optIns: day.optIns + row.optIns, orders: day.orders + row.orders })
      if (row.revenueCents !== 0) day.revenue.set(row.currency, row.revenueCents)
    }
    return days
  },

  /** The same figures per source and campaign ('' when direct), most views first, then most opt-ins. */
  async sources(db: Executor, offerId: string, range: FunnelRange, currency: number) {
    const result = await db.execute<Figures & { source: string; campaign: string }>(sql`
      select utm_source as "source", utm_campaign as "campaign", ${total('views')} as "views", ${total('opt_ins')} as "optIns",
             ${total('paid_orders')} as "orders", ${revenueIn(currency)} as "revenueCents"
        from ${rangeRows(offerId, range)} as counted
       group by utm_source, utm_campaign
       order by 3 desc, 4 desc, 6 desc, utm_source, utm_campaign`)
    return result.rows
  },

  /** One view in the current UTC hour (and day) under the visitor's campaign; false when there is no such offer. */
  async countView(db: Executor, offerId: string, at: Date, source: string | null, campaign: string | null): Promise<boolean> {
    const result = await db.execute(sql`
      select funnel_hourly_add(${freeOfferView.id}, ${at}, ${source}, ${campaign}, 0::smallint, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        from ${freeOfferView} where ${freeOfferView.id} = ${offerId}`)
    return (result.rowCount ?? 0) > 0
  },
}
