import { isUuid } from '@funnelry/shared'
import { eq } from 'drizzle-orm'
import type { Database } from '../../db/client.js'
import { freeOffers, upsellOffers } from './offers-tables.js'

/**
 * Whose an offer is, for the checks of a seller's custom domain (its public routes declare them,
 * http/public-page.ts) and for the domain's default offer. A malformed id is nobody's.
 */
export function createOfferOwnership(db: Database) {
  return {
    freeOffer: async (sellerId: string, id: string) =>
      isUuid(id) &&
      (await db.select({ sellerId: freeOffers.sellerId }).from(freeOffers).where(eq(freeOffers.id, id)))[0]?.sellerId === sellerId,
    upsellOffer: async (sellerId: string, id: string) =>
      isUuid(id) &&
      (await db.select({ sellerId: upsellOffers.sellerId }).from(upsellOffers).where(eq(upsellOffers.id, id)))[0]?.sellerId === sellerId,
  }
}
export type OfferOwnership = ReturnType<typeof createOfferOwnership>
