import { and, eq, isNotNull, or, type SQL } from 'drizzle-orm'
import type { Database } from '../../db/client.js'
import { freeOffers } from './offers-tables.js'

/** How far a seller has got with their offers, for the getting-started checklist (any offer counts, archived too). */
export function createOfferProgress(db: Database) {
  const any = async (condition: SQL | undefined) =>
    (await db.select({ one: freeOffers.id }).from(freeOffers).where(condition).limit(1)).length > 0
  return {
    hasFreeOffer: (sellerId: string) => any(eq(freeOffers.sellerId, sellerId)),
    /** A free offer with a bump or an upsell attached. */
    hasAddOnAttached: (sellerId: string) =>
      any(and(eq(freeOffers.sellerId, sellerId), or(isNotNull(freeOffers.bumpOfferId), isNotNull(freeOffers.upsellOfferId)))),
  }
}
export type OfferProgress = ReturnType<typeof createOfferProgress>
