import { eq } from 'drizzle-orm'
import type { Executor } from '../../db/client.js'
import { freeOffers, orders, upsellOffers } from '../../db/schema/index.js'

/** Who owns what a public request names: the checks behind custom-domain isolation. */
export const customDomainRepository = {
  freeOfferSeller: async (db: Executor, id: string) =>
    (await db.select({ sellerId: freeOffers.sellerId }).from(freeOffers).where(eq(freeOffers.id, id)))[0]?.sellerId ?? null,
  upsellOfferSeller: async (db: Executor, id: string) =>
    (await db.select({ sellerId: upsellOffers.sellerId }).from(upsellOffers).where(eq(upsellOffers.id, id)))[0]?.sellerId ?? null,
  /** The page's `intent_id` is our order's id (docs/decisions/0006). */
  orderSeller: async (db: Executor, orderId: string) =>
    (await db.select({ sellerId: orders.sellerId }).from(orders).where(eq(orders.id, orderId)))[0]?.sellerId ?? null,
}
