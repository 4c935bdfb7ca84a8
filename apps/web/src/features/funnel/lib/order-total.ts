import type { AttachedBumpOffer, AttachedUpsellOffer } from '@funnelry/shared'
import { currencySymbol, defaultCurrency } from '@funnelry/shared/currency-table'
import { amountToCents } from '@funnelry/shared/money-format'

export type OrderLine = { key: 'bump' | 'upsell'; label: string; cents: number }
export type OrderSummary = { lines: OrderLine[]; totalCents: number; symbol: string }

type Priced = { bump_offer: AttachedBumpOffer | null; upsell_offer: AttachedUpsellOffer | null }
export type OrderSelection = { bump: boolean; upsell: boolean }

/**
 * What the price block and the 'Pay' label show: the bump's new_price if chosen plus the upsell's
 * product_price if accepted, added in cents (never floats). The server computes the amount it
 * charges on its own; this is only the visitor's view of it.
 */
export function orderSummary(offer: Priced, selection: OrderSelection): OrderSummary {
  const lines: OrderLine[] = []
  const bump = selection.bump ? offer.bump_offer : null
  const upsell = selection.upsell ? offer.upsell_offer : null
  if (bump) lines.push({ key: 'bump', label: bump.headline ?? 'Order bump', cents: amountToCents(bump.new_price ?? '0') })
  if (upsell) lines.push({ key: 'upsell', label: upsell.headline, cents: amountToCents(upsell.product_price) })
  // A bump and an upsell attached to one free offer share a currency (server rule).
  const currency = bump?.currency ?? upsell?.currency ?? offer.bump_offer?.currency ?? offer.upsell_offer?.currency ?? defaultCurrency
  return { lines, totalCents: lines.reduce((sum, line) => sum + line.cents, 0), symbol: currencySymbol(currency) }
}
