import { currencyById, defaultCurrency, isUuid, type OfferStats, type OfferStatsQuery, type Utm } from '@funnelry/shared'
import type { Database } from '../../db/client.js'
import { NotFoundError } from '../../lib/errors.js'
import { funnelFigures } from './offer-stats.js'
import { offerStatsRepository as repo } from './offer-stats-repository.js'

const offerNotFound = () => new NotFoundError('This offer does not exist.')

/** Page views of public offers, and each free offer's funnel numbers for its seller. */
export function createOfferStatsService({ db, now }: { db: Database; now: () => Date }) {
  return {
    /** One view of a public offer page; a malformed or unknown id is a 404. */
    async countView(offerId: string, _arrival: Utm | null = null): Promise<void> {
      const today = now().toISOString().slice(0, 10)
      if (!isUuid(offerId) || !(await repo.countView(db, offerId, today))) throw offerNotFound()
    },

    /** Another seller's offer answers like an unknown one: 404. */
    async forOffer(sellerId: string, offerId: string, range: OfferStatsQuery): Promise<OfferStats> {
      const offer = isUuid(offerId) ? await repo.findOwnedOffer(db, sellerId, offerId) : undefined
      if (!offer) throw offerNotFound()
      const [views, optIns, orderCounts, freeCompleters, revenue, latestCurrency] = await Promise.all([
        repo.views(db, offerId, range),
        repo.optIns(db, offerId, range),
        repo.orderCounts(db, offerId, range),
        repo.freeCompleters(db, offerId, range),
        repo.revenueByCurrency(db, offerId, range),
        repo.latestPaidCurrency(db, offerId, range),
      ])
      // Revenue is one currency: the latest paid order's (a funnel changes currency only if the
      // seller re-attaches offers priced in another). Before any sale, the currency it charges in.
      const latest = revenue.find((row) => row.currency === latestCurrency)
      const currency = currencyById(latest?.currency ?? offer.bumpCurrency ?? offer.upsellCurrency ?? defaultCurrency).value
      return funnelFigures({
        views,
        optIns,
        orders: orderCounts?.orders ?? 0,
        paidOrders: orderCounts?.paid ?? 0,
        freeCompletions: freeCompleters,
        freeOrders: orderCounts?.free ?? 0,
        completedWithBump: orderCounts?.completedWithBump ?? 0,
        completedUpsellShown: orderCounts?.completedUpsellShown ?? 0,
        completedWithUpsell: orderCounts?.completedWithUpsell ?? 0,
        revenueCents: latest?.cents ?? 0,
        currency,
      })
    },
  }
}
export type OfferStatsService = ReturnType<typeof createOfferStatsService>
