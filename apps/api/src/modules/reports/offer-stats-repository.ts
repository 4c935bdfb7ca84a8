import type { OfferStatsQuery } from '@funnelry/shared'
import { type AnyColumn, and, eq, gt, gte, lt, lte, type SQL, sql, sum } from 'drizzle-orm'
import type { Executor } from '../../db/client.js'
import { newestFirst } from '../../db/ordering.js'
import {
  bumpOffers,
  freeCompletionDailyCounts,
  freeOffers,
  leadDailyCounts,
  type leads,
  offerDailyViews,
  orderDailyCounts,
  orders,
  upsellOffers,
} from '../../db/schema/index.js'
import { endOfDay, startOfDay } from './report-filters.js'

const createdIn = (createdAt: typeof leads.createdAt | typeof orders.createdAt, range: OfferStatsQuery) => [
  range.date_from ? gte(createdAt, startOfDay(range.date_from)) : undefined,
  range.date_to ? lt(createdAt, endOfDay(range.date_to)) : undefined,
]

/** Inclusive UTC days of the daily counters. */
const inDays = (
  day: typeof leadDailyCounts.day | typeof orderDailyCounts.day | typeof freeCompletionDailyCounts.day,
  range: OfferStatsQuery,
) => [range.date_from ? gte(day, range.date_from) : undefined, range.date_to ? lte(day, range.date_to) : undefined]

/** A completed checkout: paid, whatever the amount (free completions of D11 included). */
const completed = eq(orderDailyCounts.status, 'paid')
/** The sum of a counter column, of the rows matching `condition` when given. */
const total = (column: AnyColumn | SQL, condition?: SQL) =>
  (condition ? sql`coalesce(sum(${column}) filter (where ${condition}), 0)` : sql`coalesce(sum(${column}), 0)`).mapWith(Number)

export const offerStatsRepository = {
  /**
   * Counts one view of the offer today (UTC) in one statement; false when there is no such offer.
   * The upsert touches one small row per offer and day, whatever the traffic.
   */
  async countView(db: Executor, offerId: string, day: string): Promise<boolean> {
    const result = await db.execute(sql`
      insert into ${offerDailyViews} (free_offer_id, day, views)
      select ${freeOffers.id}, ${day}::date, 1 from ${freeOffers} where ${freeOffers.id} = ${offerId}
      on conflict (free_offer_id, day) do update set views = ${offerDailyViews}.views + 1`)
    return (result.rowCount ?? 0) > 0
  },

  /** The seller's own offer with the currency its bump or upsell charges in, or undefined. */
  findOwnedOffer: async (db: Executor, sellerId: string, id: string) =>
    (
      await db
        .select({ id: freeOffers.id, bumpCurrency: bumpOffers.currency, upsellCurrency: upsellOffers.currency })
        .from(freeOffers)
        .leftJoin(bumpOffers, eq(bumpOffers.id, freeOffers.bumpOfferId))
        .leftJoin(upsellOffers, eq(upsellOffers.id, freeOffers.upsellOfferId))
        .where(and(eq(freeOffers.id, id), eq(freeOffers.sellerId, sellerId)))
    )[0],

  /** Sum of the daily counters in the range: a few hundred rows per offer and year. */
  views: async (db: Executor, offerId: string, range: OfferStatsQuery) =>
    Number(
      (
        await db
          .select({ value: sum(offerDailyViews.views) })
          .from(offerDailyViews)
          .where(
            and(
              eq(offerDailyViews.freeOfferId, offerId),
              range.date_from ? gte(offerDailyViews.day, range.date_from) : undefined,
              range.date_to ? lte(offerDailyViews.day, range.date_to) : undefined,
            ),
          )
      )[0]?.value ?? 0,
    ),

  /** Opt-ins: the offer's daily lead counters in the range (docs/decisions/0012). */
  optIns: async (db: Executor, offerId: string, range: OfferStatsQuery) =>
    Number(
      (
        await db
          .select({ value: sum(leadDailyCounts.leads) })
          .from(leadDailyCounts)
          .where(and(eq(leadDailyCounts.freeOfferId, offerId), ...inDays(leadDailyCounts.day, range)))
      )[0]?.value ?? 0,
    ),

  /**
   * Every order count of the funnel (decision D21) from the offer's daily order counters, which
   * count listed orders only (drafts, D20, are not orders yet): a few hundred rows a year.
   */
  orderCounts: async (db: Executor, offerId: string, range: OfferStatsQuery) =>
    (
      await db
        .select({
          orders: total(orderDailyCounts.orders),
          paid: total(orderDailyCounts.priced, completed),
          free: total(sql`${orderDailyCounts.orders} - ${orderDailyCounts.priced}`, completed),
          completedWithBump: total(orderDailyCounts.withBump, completed),
          completedUpsellShown: total(orderDailyCounts.upsellShown, completed),
          completedWithUpsell: total(orderDailyCounts.withUpsell, completed),
        })
        .from(orderDailyCounts)
        .where(and(eq(orderDailyCounts.freeOfferId, offerId), ...inDays(orderDailyCounts.day, range)))
    )[0],

  /**
   * The people who first completed the free checkout in the range, one per lead (one per offer and
   * email): a repeat free checkout is one more order, not one more completion, so over all time the
   * figure never exceeds the offer's opt-ins. Sums the daily counter kept from `leads.free_completed_at`.
   */
  freeCompleters: async (db: Executor, offerId: string, range: OfferStatsQuery) =>
    Number(
      (
        await db
          .select({ value: sum(freeCompletionDailyCounts.completers) })
          .from(freeCompletionDailyCounts)
          .where(and(eq(freeCompletionDailyCounts.freeOfferId, offerId), ...inDays(freeCompletionDailyCounts.day, range)))
      )[0]?.value ?? 0,
    ),

  /** Paid amounts per currency in the range (free completions add nothing). */
  revenueByCurrency: async (db: Executor, offerId: string, range: OfferStatsQuery) =>
    db
      .select({ currency: orderDailyCounts.currency, cents: total(orderDailyCounts.amountCents) })
      .from(orderDailyCounts)
      .where(and(eq(orderDailyCounts.freeOfferId, offerId), completed, ...inDays(orderDailyCounts.day, range)))
      .groupBy(orderDailyCounts.currency)
      .having(sql`sum(${orderDailyCounts.amountCents}) > 0`),

  /** The currency of the offer's latest paid order in the range: one row of a partial index. */
  latestPaidCurrency: async (db: Executor, offerId: string, range: OfferStatsQuery) =>
    (
      await db
        .select({ currency: orders.currency })
        .from(orders)
        .where(
          and(eq(orders.freeOfferId, offerId), eq(orders.status, 'paid'), gt(orders.amountCents, 0), ...createdIn(orders.createdAt, range)),
        )
        .orderBy(...newestFirst(orders.createdAt, orders.id))
        .limit(1)
    )[0]?.currency,
}
