import { type SQL, sql } from 'drizzle-orm'
import type { FunnelRange } from './funnel-range.js'
import { funnelDailyCounts as daily, funnelHourlyCounts as hourly, funnelHourlyTotals as hourTotals } from './reports-tables.js'

/*
 * Decision D37 at a million rows (docs/decisions/campaign-attribution.md): the counter rows of a
 * free offer's range. Its whole UTC days come from `funnel_daily_counts` (one row per day and
 * campaign), only the hours before its first and after its last UTC midnight from
 * `funnel_hourly_counts`: the same hours the hourly table alone would add up, in far fewer rows.
 * Every instant is computed by PostgreSQL's own time zone rules.
 */

/** The range's first instant, and the instant after its last day, in its time zone. */
const startOf = (range: FunnelRange) => sql`(${range.from}::date::timestamp at time zone ${range.timeZone})`
const endOf = (range: FunnelRange) => sql`((${range.to}::date + 1)::timestamp at time zone ${range.timeZone})`
/** The first UTC midnight at or after the start, and the last at or before the end. */
const firstMidnight = (range: FunnelRange) =>
  sql`(date_trunc('day', ${startOf(range)} - interval '1 microsecond', 'UTC') + interval '24 hours')`
const lastMidnight = (range: FunnelRange) => sql`date_trunc('day', ${endOf(range)}, 'UTC')`
const utcDay = (instant: SQL) => sql`(${instant} at time zone 'UTC')::date`

/** The counter columns both tables share, in one order. */
const counters = (table: typeof daily | typeof hourly) => sql`${table.utmSource} as utm_source, ${table.utmCampaign} as utm_campaign,
  ${table.currency} as currency, ${table.views} as views, ${table.optIns} as opt_ins, ${table.orders} as orders,
  ${table.paidOrders} as paid_orders, ${table.freeOrders} as free_orders, ${table.completedWithBump} as completed_with_bump,
  ${table.completedUpsellShown} as completed_upsell_shown, ${table.completedWithUpsell} as completed_with_upsell,
  ${table.freeCompleters} as free_completers, ${table.revenueCents} as revenue_cents`

const hoursBetween = (offerId: string, from: SQL, before: SQL) =>
  sql`select ${hourly.hour} as at, ${counters(hourly)} from ${hourly}
       where ${hourly.freeOfferId} = ${offerId} and ${hourly.hour} >= ${from} and ${hourly.hour} < ${before}`

/**
 * Every counter row of the offer's range: `at` (the row's first instant: its UTC day's midnight, or
 * its hour), `utm_source`, `utm_campaign`, `currency` and the counters, as a subquery to add up.
 * When the range holds no whole UTC day, the head covers it all and the tail is empty.
 */
export function rangeRows(offerId: string, range: FunnelRange): SQL {
  const start = startOf(range)
  const end = endOf(range)
  const first = firstMidnight(range)
  const last = lastMidnight(range)
  return sql`(
    select (${daily.day}::timestamp at time zone 'UTC') as at, ${counters(daily)} from ${daily}
     where ${daily.freeOfferId} = ${offerId} and ${daily.day} >= ${utcDay(first)} and ${daily.day} < ${utcDay(last)}
    union all ${hoursBetween(offerId, start, sql`least(${first}, ${end})`)}
    union all ${hoursBetween(offerId, sql`greatest(${first}, ${last})`, end)}
  )`
}

/**
 * The daily series' rows of the range in a time zone other than UTC, whose days a UTC day's row
 * would straddle: `at` (the hour), `currency`, `views`, `opt_ins`, `paid_orders`, `revenue_cents`
 * per hour without the campaign (one or two rows an hour).
 */
export const rangeHourTotals = (offerId: string, range: FunnelRange): SQL => sql`(
  select ${hourTotals.hour} as at, ${hourTotals.currency} as currency, ${hourTotals.views} as views, ${hourTotals.optIns} as opt_ins,
         ${hourTotals.paidOrders} as paid_orders, ${hourTotals.revenueCents} as revenue_cents
    from ${hourTotals}
   where ${hourTotals.freeOfferId} = ${offerId} and ${hourTotals.hour} >= ${startOf(range)} and ${hourTotals.hour} < ${endOf(range)}
)`

/** True when the range's days are UTC days, so that whole rows of `funnel_daily_counts` are its days. */
export const daysAreUtc = (range: FunnelRange) => range.timeZone === 'UTC' || range.timeZone === 'Etc/UTC'
