import { and, count, eq, ne } from 'drizzle-orm'
import type { Executor } from '../../db/client.js'
import { newestFirst as orderNewestFirst } from '../../db/ordering.js'
import { bumpOffers, freeOffers, upsellOffers } from '../../db/schema/index.js'

export type BumpOfferRow = typeof bumpOffers.$inferSelect
export type BumpOfferValues = Omit<typeof bumpOffers.$inferInsert, 'id' | 'sellerId' | 'createdAt' | 'updatedAt'>

const owned = (sellerId: string, id: string) => and(eq(bumpOffers.sellerId, sellerId), eq(bumpOffers.id, id))
const ofSeller = (sellerId: string) => eq(bumpOffers.sellerId, sellerId)
/** The order of the (seller_id, created_at desc, id desc) index, so a page is an index range. */
const newestFirst = orderNewestFirst(bumpOffers.createdAt, bumpOffers.id)

export const bumpOfferRepository = {
  findOwned: async (db: Executor, sellerId: string, id: string) => (await db.select().from(bumpOffers).where(owned(sellerId, id)))[0],

  /** Inside an update: later writers of the row (and free offers attaching it) wait for us. */
  lockOwned: async (db: Executor, sellerId: string, id: string) =>
    (await db.select().from(bumpOffers).where(owned(sellerId, id)).for('update'))[0],

  /**
   * What attaching a bump checks (its currency, its price: D19, its name for the message); FOR SHARE
   * holds the row unchanged until the free offer is saved.
   */
  findForAttachment: async (db: Executor, sellerId: string, id: string) =>
    (
      await db
        .select({ currency: bumpOffers.currency, priceCents: bumpOffers.newPriceCents, headline: bumpOffers.headline })
        .from(bumpOffers)
        .where(owned(sellerId, id))
        .for('share')
    )[0],

  /** Whether some free offer has this bump attached. */
  async isAttached(db: Executor, id: string): Promise<boolean> {
    const rows = await db.select({ id: freeOffers.id }).from(freeOffers).where(eq(freeOffers.bumpOfferId, id)).limit(1)
    return rows.length > 0
  },

  page: (db: Executor, sellerId: string, window: { limit: number; offset: number }) =>
    db
      .select()
      .from(bumpOffers)
      .where(ofSeller(sellerId))
      .orderBy(...newestFirst)
      .limit(window.limit)
      .offset(window.offset),

  count: async (db: Executor, sellerId: string) =>
    (await db.select({ value: count() }).from(bumpOffers).where(ofSeller(sellerId)))[0]?.value ?? 0,

  dropdown: (db: Executor, sellerId: string) =>
    db
      .select({ id: bumpOffers.id, headline: bumpOffers.headline })
      .from(bumpOffers)
      .where(ofSeller(sellerId))
      .orderBy(...newestFirst),

  async insert(db: Executor, sellerId: string, values: BumpOfferValues): Promise<BumpOfferRow> {
    const [row] = await db
      .insert(bumpOffers)
      .values({ ...values, sellerId })
      .returning()
    if (!row) throw new Error('the bump offer row was not stored')
    return row
  },

  async update(db: Executor, sellerId: string, id: string, values: BumpOfferValues): Promise<BumpOfferRow | undefined> {
    const [row] = await db
      .update(bumpOffers)
      .set({ ...values, updatedAt: new Date() })
      .where(owned(sellerId, id))
      .returning()
    return row
  },

  /** Whether some free offer pairs this bump with an upsell whose currency is not `currency`. */
  async pairedWithOtherCurrency(db: Executor, bumpId: string, currency: number): Promise<boolean> {
    const rows = await db
      .select({ id: freeOffers.id })
      .from(freeOffers)
      .innerJoin(upsellOffers, eq(freeOffers.upsellOfferId, upsellOffers.id))
      .where(and(eq(freeOffers.bumpOfferId, bumpId), ne(upsellOffers.currency, currency)))
      .limit(1)
    return rows.length > 0
  },
}
