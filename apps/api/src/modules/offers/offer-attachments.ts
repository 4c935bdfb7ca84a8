import type { FreeOfferWithAttachments } from './free-offer-repository.js'

/** Decision D19: only a price above zero can be charged, so only such a BUMP or OTO is ever offered. */
export const isPricedAboveZero = (cents: number | null | undefined): cents is number => typeof cents === 'number' && cents > 0

/**
 * The bump a free offer's page offers: the one attached, owned by the same seller, in use and priced
 * above zero. Saving refuses anything else (D19); this also guards rows saved before that rule, and
 * an archived free offer restored with an add-on archived meanwhile (docs/decisions/0021).
 */
export function offeredBump({ offer, bump }: FreeOfferWithAttachments) {
  if (!bump || bump.id !== offer.bumpOfferId || bump.sellerId !== offer.sellerId || bump.archivedAt) return null
  if (!isPricedAboveZero(bump.priceCents)) return null
  return { ...bump, priceCents: bump.priceCents }
}

/** The upsell a free offer's page offers, by the same rules as the bump. */
export function offeredUpsell({ offer, upsell }: FreeOfferWithAttachments) {
  if (!upsell || upsell.id !== offer.upsellOfferId || upsell.sellerId !== offer.sellerId || upsell.archivedAt) return null
  return isPricedAboveZero(upsell.priceCents) ? upsell : null
}
