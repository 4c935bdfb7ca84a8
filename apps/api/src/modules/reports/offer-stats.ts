import { type CurrencyId, centsToAmount, type OfferStats } from '@funnelry/shared'

export type FunnelCounts = {
  views: number
  optIns: number
  orders: number
  /** Decision D21: paid with an amount above zero. */
  paidOrders: number
  /** Decision D21: people who first completed with nothing to pay (D11) in the range, each once however often they did. */
  freeCompletions: number
  /** The orders behind them (a repeat free checkout is one more): with paid orders, the completed checkouts. */
  freeOrders: number
  /** Completed checkouts (paid or free) with the bump, shown the upsell, with the upsell. */
  completedWithBump: number
  completedUpsellShown: number
  completedWithUpsell: number
  revenueCents: number
  currency: CurrencyId
}

/** part / whole as a fraction rounded to 4 decimals; 0 when there is nothing to divide by. */
export const rate = (part: number, whole: number): number => (whole === 0 ? 0 : Math.round((part / whole) * 10_000) / 10_000)

/** The figures of docs/decisions/0005 from the raw counts. Money never goes through floats but once, rounded to a cent. */
export function funnelFigures(
  counts: FunnelCounts,
): Omit<OfferStats, 'from' | 'to' | 'time_zone' | 'daily' | 'revenue_per_visitor' | 'after_purchase_steps'> {
  return {
    views: counts.views,
    opt_ins: counts.optIns,
    opt_in_rate: rate(counts.optIns, counts.views),
    orders: counts.orders,
    paid_orders: counts.paidOrders,
    free_completions: counts.freeCompletions,
    // A visitor who completed without the add-on declined it, free checkout or not.
    bump_take_rate: rate(counts.completedWithBump, counts.paidOrders + counts.freeOrders),
    upsell_take_rate: rate(counts.completedWithUpsell, counts.completedUpsellShown),
    revenue: centsToAmount(counts.revenueCents),
    revenue_per_view: centsToAmount(counts.views === 0 ? 0 : Math.round(counts.revenueCents / counts.views)),
    currency: counts.currency,
  }
}
