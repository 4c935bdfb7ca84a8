import {
  centsToAmount,
  currencyById,
  defaultCurrency,
  isUuid,
  maxStatsDays,
  type OfferSourceRow,
  type OfferStats,
  type OfferStatsQuery,
  reportMessages,
  type Utm,
} from '@funnelry/shared'
import type { Database } from '../../db/client.js'
import { NotFoundError, ValidationError } from '../../lib/errors.js'
import type { AfterPurchaseStats } from '../post-purchase/post-purchase-module.js'
import { funnelCountsRepository as counters } from './funnel-counts-repository.js'
import { daysOf, type FunnelRange, funnelRangeOf } from './funnel-range.js'
import { funnelFigures } from './offer-stats.js'
import { offerStatsRepository as repo } from './offer-stats-repository.js'

const offerNotFound = () => new NotFoundError('This offer does not exist.')
type PgError = { code?: string; cause?: PgError } | null | undefined
/** PostgreSQL's invalid_parameter_value: a zone JavaScript knows and this PostgreSQL does not. */
const unknownZone = (error: unknown) => (error as PgError)?.code === '22023' || (error as PgError)?.cause?.code === '22023'
async function inZone<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read()
  } catch (error) {
    if (unknownZone(error)) throw ValidationError.field('tz', reportMessages.invalidTimeZone)
    throw error
  }
}

const perVisitor = (cents: number, views: number) => centsToAmount(views === 0 ? 0 : Math.round(cents / views))

/** Page views of public offers, and each free offer's funnel numbers for its seller. */
export function createOfferStatsService({
  db,
  now,
  afterPurchaseSteps,
}: {
  db: Database
  now: () => Date
  afterPurchaseSteps?: AfterPurchaseStats | undefined
}) {
  /** The seller's own offer (another seller's answers like an unknown one: 404) and the range asked for. */
  async function open(sellerId: string, offerId: string, query: OfferStatsQuery) {
    const offer = isUuid(offerId) ? await repo.findOwnedOffer(db, sellerId, offerId) : undefined
    if (!offer) throw offerNotFound()
    const range = funnelRangeOf(query, now())
    const days = daysOf(range).length
    if (days === 0) throw ValidationError.field('to', reportMessages.dateRange)
    if (days > maxStatsDays) throw ValidationError.field('to', reportMessages.rangeTooLong)
    return { offer, range }
  }

  /**
   * Revenue is one currency: the latest paid order's in the range (a funnel changes currency only
   * if the seller re-attaches offers priced in another). Before any sale, the one it charges in.
   */
  async function currencyOf(offer: NonNullable<Awaited<ReturnType<typeof repo.findOwnedOffer>>>, range: FunnelRange) {
    const latest = await repo.latestPaidCurrency(db, offer.id, range)
    return currencyById(latest ?? offer.bumpCurrency ?? offer.upsellCurrency ?? defaultCurrency).value
  }

  return {
    /** One view of a public offer page under the visitor's campaign (D37); a malformed or unknown id is a 404. */
    async countView(offerId: string, arrival: Utm | null = null): Promise<void> {
      const at = now()
      if (!isUuid(offerId) || !(await repo.countView(db, offerId, at.toISOString().slice(0, 10)))) throw offerNotFound()
      await counters.countView(db, offerId, at, arrival?.utm_source ?? null, arrival?.utm_campaign ?? null)
    },

    forOffer: (sellerId: string, offerId: string, query: OfferStatsQuery) => inZone(() => statsOf(sellerId, offerId, query)),

    /** Decision D37: the funnel by source and campaign over the same range as `forOffer`. */
    sources: (sellerId: string, offerId: string, query: OfferStatsQuery) => inZone(() => sourcesOf(sellerId, offerId, query)),
  }

  async function statsOf(sellerId: string, offerId: string, query: OfferStatsQuery): Promise<OfferStats> {
    const { offer, range } = await open(sellerId, offerId, query)
    const [{ counts, revenue }, currency, daily] = await Promise.all([
      counters.totals(db, offerId, range),
      currencyOf(offer, range),
      counters.daily(db, offerId, range),
    ])
    const figures = funnelFigures({
      views: counts?.views ?? 0,
      optIns: counts?.optIns ?? 0,
      orders: counts?.orders ?? 0,
      paidOrders: counts?.paidOrders ?? 0,
      freeCompletions: counts?.freeCompletions ?? 0,
      freeOrders: counts?.freeOrders ?? 0,
      completedWithBump: counts?.completedWithBump ?? 0,
      completedUpsellShown: counts?.completedUpsellShown ?? 0,
      completedWithUpsell: counts?.completedWithUpsell ?? 0,
      revenueCents: revenue.find((row) => row.currency === currency)?.cents ?? 0,
      currency,
    })
    return {
      ...figures,
      revenue_per_visitor: figures.revenue_per_view,
      after_purchase_steps: afterPurchaseSteps ? await afterPurchaseSteps(offerId, range, currency) : [],
      from: range.from,
      to: range.to,
      time_zone: range.timeZone,
      daily: daysOf(range).map((day) => {
        const row = daily.get(day)
        return {
          day,
          views: row?.views ?? 0,
          opt_ins: row?.optIns ?? 0,
          orders: row?.orders ?? 0,
          revenue: centsToAmount(row?.revenue.get(currency) ?? 0),
        }
      }),
    }
  }

  async function sourcesOf(sellerId: string, offerId: string, query: OfferStatsQuery): Promise<OfferSourceRow[]> {
    const { offer, range } = await open(sellerId, offerId, query)
    const rows = await counters.sources(db, offerId, range, await currencyOf(offer, range))
    return rows.map((row) => ({
      utm_source: row.source || null,
      utm_campaign: row.campaign || null,
      views: row.views,
      opt_ins: row.optIns,
      orders: row.orders,
      revenue: centsToAmount(row.revenueCents),
      revenue_per_visitor: perVisitor(row.revenueCents, row.views),
    }))
  }
}
export type OfferStatsService = ReturnType<typeof createOfferStatsService>
