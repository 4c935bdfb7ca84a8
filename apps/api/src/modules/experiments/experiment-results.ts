import { centsToAmount, defaultCurrency, type SplitExperiment, type SplitVariant, type SplitVariantResult } from '@funnelry/shared'
import type { Database } from '../../db/client.js'
import type { PageContent } from '../offers/offers-module.js'
import { cumulativeSeries } from './revenue-series.js'
import type { SplitFunnel, VisitorRevenueRow } from './split-funnel.js'
import { splitTestRepository as repo, type SplitTestWithVariants, type SplitVariantRow } from './split-test-repository.js'
import { compareToControl } from './statistics/bayesian-lift.js'
import { type ArmTotals, armSample } from './statistics/revenue-per-visitor.js'
import { SRM_THRESHOLD, sampleRatioPValue } from './statistics/sample-ratio.js'

const dayMs = 24 * 60 * 60 * 1000

/** Revenue is judged in one currency: the one most of the test's buyers paid in. */
function mainCurrency(rows: VisitorRevenueRow[]): number {
  const counts = new Map<number, number>()
  for (const row of rows) counts.set(row.currency, (counts.get(row.currency) ?? 0) + 1)
  return [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? defaultCurrency
}

/**
 * An arm's totals: per-visitor sums in the currency's major unit. A buyer or an opt-in whose view was
 * never counted is still a visitor, so opt-ins and buyers never exceed visitors (decision 0029).
 */
function armTotals(visitors: number, rows: VisitorRevenueRow[], optIns = 0): ArmTotals & { cents: number; orders: number } {
  const perVisitor = new Map<string, number>()
  let cents = 0
  let orders = 0
  for (const row of rows) {
    perVisitor.set(row.visitorKey, (perVisitor.get(row.visitorKey) ?? 0) + row.cents)
    cents += row.cents
    orders += row.orders
  }
  let squares = 0
  for (const spent of perVisitor.values()) squares += (spent / 100) ** 2
  return { visitors: Math.max(visitors, perVisitor.size, optIns), revenue: cents / 100, revenueSquares: squares, cents, orders }
}

type Deps = {
  db: Database
  funnel: SplitFunnel
  now: () => Date
  /** A variant as the dashboard shows it (split-tests.ts): the results add its figures. */
  viewOf: (variant: SplitVariantRow, page: PageContent) => SplitVariant
}

/** A test's results, decision D36: the running or latest one (GET …/experiment/), or a past one (the history). */
export function createExperimentResults({ db, funnel, now, viewOf }: Deps) {
  return async function resultsOf({ test, variants }: SplitTestWithVariants, page: PageContent): Promise<SplitExperiment> {
    const ids = variants.map((variant) => variant.id)
    const [number, visitorRows, optIns, revenueRows] = await Promise.all([
      repo.numberOf(db, test),
      repo.visitorsByDay(db, ids),
      funnel.optInsByVariant(ids),
      funnel.revenueByVariant(ids),
    ])
    const currency = mainCurrency(revenueRows)
    const revenue = revenueRows.filter((row) => row.currency === currency)
    const visitorDays = (id: string) => new Map(visitorRows.filter((row) => row.variantId === id).map((row) => [row.day, row.visitors]))
    const totals = variants.map((variant) => {
      const visitors = [...visitorDays(variant.id).values()].reduce((sum, count) => sum + count, 0)
      return armTotals(
        visitors,
        revenue.filter((row) => row.variantId === variant.id),
        optIns.get(variant.id) ?? 0,
      )
    })

    const srmPValue = sampleRatioPValue(
      totals.map((arm) => arm.visitors),
      variants.map((variant) => variant.weight),
    )
    const srmWarning = srmPValue !== null && srmPValue < SRM_THRESHOLD
    const until = test.endedAt ?? now()
    const minimumReached =
      until.getTime() - test.startedAt.getTime() >= test.minimumDays * dayMs && totals.every((arm) => arm.visitors >= test.minimumVisitors)
    const verdict = srmWarning ? 'hidden' : minimumReached ? 'ready' : 'inconclusive'
    const controlIndex = variants.findIndex((variant) => variant.isControl)
    const control = armSample(totals[controlIndex] ?? { visitors: 0, revenue: 0, revenueSquares: 0 })

    const resultOf = (variant: SplitVariantRow, index: number): SplitVariantResult => {
      const arm = totals[index] ?? armTotals(0, [])
      const compared = variant.isControl || verdict !== 'ready' ? null : compareToControl(control, armSample(arm))
      const lift = compared && !('none' in compared) ? compared : null
      return {
        ...viewOf(variant, page),
        visitors: arm.visitors,
        opt_ins: optIns.get(variant.id) ?? 0,
        orders: arm.orders,
        revenue: centsToAmount(arm.cents),
        revenue_per_visitor: centsToAmount(arm.visitors === 0 ? 0 : Math.round(arm.cents / arm.visitors)),
        lift: lift?.lift ?? null,
        chance_to_beat_control: lift?.chanceToBeatControl ?? null,
        expected_loss: lift?.expectedLoss ?? null,
      }
    }

    return {
      id: test.id,
      number,
      status: test.endedAt ? 'ended' : 'running',
      started_at: test.startedAt.toISOString(),
      ended_at: test.endedAt?.toISOString() ?? null,
      winner_variant_id: test.winnerVariantId,
      minimum_days: test.minimumDays,
      minimum_visitors: test.minimumVisitors,
      minimum_reached: minimumReached,
      verdict,
      currency,
      variants: variants.map(resultOf),
      srm_p_value: srmPValue,
      srm_warning: srmWarning,
      series: variants.map((variant) => ({
        variant_id: variant.id,
        points: cumulativeSeries(
          visitorDays(variant.id),
          revenue.filter((row) => row.variantId === variant.id),
        ),
      })),
    }
  }
}
