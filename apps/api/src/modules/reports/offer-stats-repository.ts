import type { OfferStatsQuery } from '@funnelry/shared'
import { and, count, desc, eq, gt, gte, isNotNull, lt, lte, max, sql, sum } from 'drizzle-orm'
import type { Executor } from '../../db/client.js'
import { bumpOffers, freeOffers, leads, offerDailyViews, orders, upsellOffers } from '../../db/schema/index.js'
import { endOfDay, startOfDay } from './report-filters.js'

const createdIn = (createdAt: typeof leads.createdAt | typeof orders.createdAt, range: OfferStatsQuery) => [
  range.date_from ? gte(createdAt, startOfDay(range.date_from)) : undefined,
  range.date_to ? lt(createdAt, endOfDay(range.date_to)) : undefined,
]

/** A completed checkout: paid, whatever the amount (free completions of D11 included). */
const completed = sql`${orders.status} = 'paid'`
const countWhere = (condition: ReturnType<typeof sql>) => sql<number>`count(*) filter (where ${condition})`.mapWith(Number)

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

  /** An index-only range of leads (free_offer_id, created_at). */
  optIns: async (db: Executor, offerId: string, range: OfferStatsQuery) =>
    (
      await db
        .select({ value: count() })
        .from(leads)
        .where(and(eq(leads.freeOfferId, offerId), ...createdIn(leads.createdAt, range)))
    )[0]?.value ?? 0,

  /**
   * Every order count of the funnel in one pass over the offer's orders in the range (decision D21).
   * Drafts (no visitor details, D20) are not orders yet. An order holding the upsell was shown it,
   * whether or not the page said so.
   */
  orderCounts: async (db: Executor, offerId: string, range: OfferStatsQuery) =>
    (
      await db
        .select({
          orders: count(),
          paid: countWhere(sql`${completed} and ${orders.amountCents} > 0`),
          free: countWhere(sql`${completed} and ${orders.amountCents} = 0`),
          completedWithBump: countWhere(sql`${completed} and ${orders.bumpOfferId} is not null`),
          completedUpsellShown: countWhere(sql`${completed} and (${orders.upsellShown} or ${orders.upsellOfferId} is not null)`),
          completedWithUpsell: countWhere(sql`${completed} and ${orders.upsellOfferId} is not null`),
        })
        .from(orders)
        .where(and(eq(orders.freeOfferId, offerId), isNotNull(orders.email), ...createdIn(orders.createdAt, range)))
    )[0],

  /** Paid amounts per currency, the currency of the latest paid order first (free completions add nothing). */
  revenueByCurrency: async (db: Executor, offerId: string, range: OfferStatsQuery) =>
    db
      .select({ currency: orders.currency, cents: sum(orders.amountCents).mapWith(Number) })
      .from(orders)
      .where(
        and(eq(orders.freeOfferId, offerId), eq(orders.status, 'paid'), gt(orders.amountCents, 0), ...createdIn(orders.createdAt, range)),
      )
      .groupBy(orders.currency)
      .orderBy(desc(max(orders.createdAt))),
}
