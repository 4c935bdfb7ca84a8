import { and, eq, gt, sql } from 'drizzle-orm'
import type { Executor } from '../../db/client.js'
import { newestFirst } from '../../db/ordering.js'
import { bumpOfferView, freeOfferView, upsellOfferView } from '../offers/offers-module.js'
// biome-ignore lint/style/noRestrictedImports: the reports are the read model over the orders' rows (decisions 0012, 0028)
import { orders } from '../orders/orders-tables.js'
import type { FunnelRange } from './funnel-range.js'
import { offerDailyViews } from './reports-tables.js'

export const offerStatsRepository = {
  /**
   * Counts one view of the offer today (UTC) in one statement; false when there is no such offer.
   * The upsert touches one small row per offer and day, whatever the traffic.
   */
  async countView(db: Executor, offerId: string, day: string): Promise<boolean> {
    const result = await db.execute(sql`
      insert into ${offerDailyViews} (free_offer_id, day, views)
      select ${freeOfferView.id}, ${day}::date, 1 from ${freeOfferView} where ${freeOfferView.id} = ${offerId}
      on conflict (free_offer_id, day) do update set views = ${offerDailyViews}.views + 1`)
    return (result.rowCount ?? 0) > 0
  },

  /** The seller's own offer with the currency its bump or upsell charges in, or undefined. */
  findOwnedOffer: async (db: Executor, sellerId: string, id: string) =>
    (
      await db
        .select({ id: freeOfferView.id, bumpCurrency: bumpOfferView.currency, upsellCurrency: upsellOfferView.currency })
        .from(freeOfferView)
        .leftJoin(bumpOfferView, eq(bumpOfferView.id, freeOfferView.bumpOfferId))
        .leftJoin(upsellOfferView, eq(upsellOfferView.id, freeOfferView.upsellOfferId))
        .where(and(eq(freeOfferView.id, id), eq(freeOfferView.sellerId, sellerId)))
    )[0],

  /** The currency of the offer's latest paid order in the range: one row of a partial index. */
  latestPaidCurrency: async (db: Executor, offerId: string, range: FunnelRange) =>
    (
      await db
        .select({ currency: orders.currency })
        .from(orders)
        .where(
          and(
            eq(orders.freeOfferId, offerId),
            eq(orders.status, 'paid'),
            gt(orders.amountCents, 0),
            sql`${orders.createdAt} >= (${range.from}::date::timestamp at time zone ${range.timeZone})`,
            sql`${orders.createdAt} < ((${range.to}::date + 1)::timestamp at time zone ${range.timeZone})`,
          ),
        )
        .orderBy(...newestFirst(orders.createdAt, orders.id))
        .limit(1)
    )[0]?.currency,
}
