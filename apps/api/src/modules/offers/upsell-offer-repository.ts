import { and, count, eq, ne } from 'drizzle-orm'
import type { Executor } from '../../db/client.js'
import { newestFirst as orderNewestFirst } from '../../db/ordering.js'
import { bumpOffers, freeOffers, upsellOffers } from '../../db/schema/index.js'

export type UpsellOfferRow = typeof upsellOffers.$inferSelect
export type UpsellOfferValues = Omit<typeof upsellOffers.$inferInsert, 'id' | 'sellerId' | 'createdAt' | 'updatedAt'>

const owned = (sellerId: string, id: string) => and(eq(upsellOffers.sellerId, sellerId), eq(upsellOffers.id, id))
const ofSeller = (sellerId: string) => eq(upsellOffers.sellerId, sellerId)
/** The order of the (seller_id, created_at desc, id desc) index, so a page is an index range. */
const newestFirst = orderNewestFirst(upsellOffers.createdAt, upsellOffers.id)

export const upsellOfferRepository = {
  findById: async (db: Executor, id: string) => (await db.select().from(upsellOffers).where(eq(upsellOffers.id, id)))[0],

  findOwned: async (db: Executor, sellerId: string, id: string) => (await db.select().from(upsellOffers).where(owned(sellerId, id)))[0],

  /** Inside an update: later writers of the row (and free offers attaching it) wait for us. */
  lockOwned: async (db: Executor, sellerId: string, id: string) =>
    (await db.select().from(upsellOffers).where(owned(sellerId, id)).for('update'))[0],

  /**
   * What attaching an upsell checks (its currency, its price: D19, its name for the message); FOR SHARE
   * holds the row unchanged until the free offer is saved.
   */
  findForAttachment: async (db: Executor, sellerId: string, id: string) =>
    (
      await db
        .select({ currency: upsellOffers.currency, priceCents: upsellOffers.productPriceCents, headline: upsellOffers.headline })
        .from(upsellOffers)
        .where(owned(sellerId, id))
        .for('share')
    )[0],

  /** Whether some free offer has this upsell attached. */
  async isAttached(db: Executor, id: string): Promise<boolean> {
    const rows = await db.select({ id: freeOffers.id }).from(freeOffers).where(eq(freeOffers.upsellOfferId, id)).limit(1)
    return rows.length > 0
  },

  page: (db: Executor, sellerId: string, window: { limit: number; offset: number }) =>
    db
      .select()
      .from(upsellOffers)
      .where(ofSeller(sellerId))
      .orderBy(...newestFirst)
      .limit(window.limit)
      .offset(window.offset),

  count: async (db: Executor, sellerId: string) =>
    (await db.select({ value: count() }).from(upsellOffers).where(ofSeller(sellerId)))[0]?.value ?? 0,

  dropdown: (db: Executor, sellerId: string) =>
    db
      .select({ id: upsellOffers.id, headline: upsellOffers.headline })
      .from(upsellOffers)
      .where(ofSeller(sellerId))
      .orderBy(...newestFirst),

  async insert(db: Executor, sellerId: string, values: UpsellOfferValues): Promise<UpsellOfferRow> {
    const [row] = await db
      .insert(upsellOffers)
      .values({ ...values, sellerId })
      .returning()
    if (!row) throw new Error('the upsell offer row was not stored')
    return row
  },

  async update(db: Executor, sellerId: string, id: string, values: UpsellOfferValues): Promise<UpsellOfferRow | undefined> {
    const [row] = await db
      .update(upsellOffers)
      .set({ ...values, updatedAt: new Date() })
      .where(owned(sellerId, id))
      .returning()
    return row
  },

  /** Whether some free offer pairs this upsell with a bump whose currency is not `currency`. */
  async pairedWithOtherCurrency(db: Executor, upsellId: string, currency: number): Promise<boolean> {
    const rows = await db
      .select({ id: freeOffers.id })
      .from(freeOffers)
      .innerJoin(bumpOffers, eq(freeOffers.bumpOfferId, bumpOffers.id))
      .where(and(eq(freeOffers.upsellOfferId, upsellId), ne(bumpOffers.currency, currency)))
      .limit(1)
    return rows.length > 0
  },
}
