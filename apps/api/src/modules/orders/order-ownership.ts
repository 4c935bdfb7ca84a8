import { isUuid } from '@funnelry/shared'
import { eq } from 'drizzle-orm'
import type { Database } from '../../db/client.js'
import { orders } from './orders-tables.js'

/**
 * Whose an order is, for the checks of a seller's custom domain: the page's `intent_id` is our
 * order's id (docs/decisions/0006). A malformed id is nobody's.
 */
export const createOrderOwnership = (db: Database) => ({
  intent: async (sellerId: string, intentId: string) =>
    isUuid(intentId) &&
    (await db.select({ sellerId: orders.sellerId }).from(orders).where(eq(orders.id, intentId)))[0]?.sellerId === sellerId,
})
