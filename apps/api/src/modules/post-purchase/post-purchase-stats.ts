import { type AfterPurchaseStepStats, type CurrencyId, centsToAmount, currencyById } from '@funnelry/shared'
import { and, eq, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.js'
import type { OfferServices, StepOffer } from '../offers/offers-module.js'
import type { OrderLinesOf } from '../orders/orders-module.js'
import { postPurchaseCharges, postPurchaseShown } from './post-purchase-tables.js'

/** Inclusive days in an IANA time zone, as the reports module's funnel range (decision D37). */
export type StatsRange = { from: string; to: string; timeZone: string }

type Deps = { db: Database; offers: Pick<OfferServices, 'postPurchaseSteps'>; orderLines: OrderLinesOf }
type Tally = { shown: number; accepted: number; declined: number; revenueCents: number }

const rate = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part / whole) * 10_000) / 10_000)
const empty = (): Tally => ({ shown: 0, accepted: 0, declined: 0, revenueCents: 0 })

/**
 * Issue 26: each after-purchase step's numbers for a free offer. Counted by the day a step was first
 * shown (its upsell), so the answers and charges belong to the same visitors as its "shown".
 * Revenue is the charges whose order line is still paid (a refund takes it out, D35).
 */
export function createPostPurchaseStats({ db, offers, orderLines }: Deps) {
  return async function afterPurchaseSteps(
    freeOfferId: string,
    range: StatsRange,
    currency: CurrencyId,
  ): Promise<AfterPurchaseStepStats[]> {
    const configured = await offers.postPurchaseSteps(db, freeOfferId)
    if (!configured || configured.steps.length === 0) return []
    const inRange = (at: typeof postPurchaseShown.shownAt) =>
      sql`${at} >= (${range.from}::date)::timestamp at time zone ${range.timeZone} and ${at} < (${range.to}::date + 1)::timestamp at time zone ${range.timeZone}`
    const [shown, charges] = await Promise.all([
      db
        .select({ step: postPurchaseShown.step, kind: postPurchaseShown.kind, count: sql<number>`count(*)::int` })
        .from(postPurchaseShown)
        .where(and(eq(postPurchaseShown.freeOfferId, freeOfferId), inRange(postPurchaseShown.shownAt)))
        .groupBy(postPurchaseShown.step, postPurchaseShown.kind),
      db
        .select({
          orderId: postPurchaseCharges.orderId,
          step: postPurchaseCharges.step,
          kind: postPurchaseCharges.kind,
          state: postPurchaseCharges.state,
          offerId: postPurchaseCharges.offerId,
          amountCents: postPurchaseCharges.amountCents,
          currency: postPurchaseCharges.currency,
        })
        .from(postPurchaseCharges)
        .innerJoin(
          postPurchaseShown,
          and(
            eq(postPurchaseShown.orderId, postPurchaseCharges.orderId),
            eq(postPurchaseShown.step, postPurchaseCharges.step),
            eq(postPurchaseShown.kind, 'upsell'),
          ),
        )
        .where(and(eq(postPurchaseShown.freeOfferId, freeOfferId), inRange(postPurchaseShown.shownAt))),
    ])
    const tallies = new Map<string, Tally>()
    const tally = (step: number, kind: string) => {
      const key = `${step}:${kind}`
      const found = tallies.get(key) ?? empty()
      tallies.set(key, found)
      return found
    }
    for (const row of shown) tally(row.step, row.kind).shown = row.count
    const succeeded = charges.filter((row) => row.state === 'succeeded')
    const lines = await orderLines(db, [...new Set(succeeded.map((row) => row.orderId))])
    for (const row of charges) {
      // A downsell's row exists only once its upsell was declined.
      if (row.kind === 'downsell' || row.state === 'upsell_declined' || row.state === 'declined') tally(row.step, 'upsell').declined++
      if (row.kind === 'downsell' && row.state === 'declined') tally(row.step, 'downsell').declined++
      if (row.state !== 'succeeded') continue
      const counted = tally(row.step, row.kind)
      counted.accepted++
      const line = lines.get(row.orderId)?.find((candidate) => candidate.kind === 'post_purchase' && candidate.offer_id === row.offerId)
      // A refund still pending at the provider counts once it is given back (D35), as the order's refunded total.
      const kept =
        line !== undefined && line.status !== 'refunded' && row.currency !== null && currencyById(row.currency).value === currency
      if (kept) counted.revenueCents += row.amountCents ?? 0
    }
    const figures = (step: number, kind: 'upsell' | 'downsell', offer: StepOffer) => {
      const counted = tallies.get(`${step}:${kind}`) ?? empty()
      return {
        offer_id: offer.view.id,
        headline: offer.headline,
        shown: counted.shown,
        accepted: counted.accepted,
        declined: counted.declined,
        take_rate: rate(counted.accepted, counted.shown),
        revenue: centsToAmount(counted.revenueCents),
      }
    }
    return configured.steps.map((offersOfStep, index) => ({
      step: index + 1,
      upsell: figures(index + 1, 'upsell', offersOfStep.upsell),
      downsell: offersOfStep.downsell ? figures(index + 1, 'downsell', offersOfStep.downsell) : null,
    }))
  }
}
export type AfterPurchaseStats = ReturnType<typeof createPostPurchaseStats>
