import { and, asc, count, eq, sql } from 'drizzle-orm'
import type { Executor } from '../../db/client.js'
import { advertisingPixels, sellerDomains, storeSettings } from '../../db/schema/index.js'

export type StoreSettingsRow = typeof storeSettings.$inferSelect
export type StoreSettingsValues = Partial<Omit<typeof storeSettings.$inferInsert, 'sellerId' | 'updatedAt'>>
export type PixelRow = typeof advertisingPixels.$inferSelect

export const storeSettingsRepository = {
  find: (db: Executor, sellerId: string) => db.query.storeSettings.findFirst({ where: eq(storeSettings.sellerId, sellerId) }),

  /**
   * Creates the row on first use and keeps the first webhook secret ever stored: two first reads
   * at the same time agree on one secret instead of the second overwriting the first.
   */
  async ensureSecret(db: Executor, sellerId: string, secret: string): Promise<StoreSettingsRow> {
    const [row] = await db
      .insert(storeSettings)
      .values({ sellerId, webhookSecret: secret })
      .onConflictDoUpdate({
        target: storeSettings.sellerId,
        set: { webhookSecret: sql`coalesce(${storeSettings.webhookSecret}, excluded.webhook_secret)` },
      })
      .returning()
    if (!row) throw new Error('the store settings row was not stored')
    return row
  },

  async update(db: Executor, sellerId: string, values: StoreSettingsValues, at: Date): Promise<StoreSettingsRow> {
    const [row] = await db
      .update(storeSettings)
      .set({ ...values, updatedAt: at })
      .where(eq(storeSettings.sellerId, sellerId))
      .returning()
    if (!row) throw new Error('the store settings row is missing')
    return row
  },
}

export const domainRepository = {
  findBySeller: async (db: Executor, sellerId: string) =>
    (await db.query.sellerDomains.findFirst({ where: eq(sellerDomains.sellerId, sellerId) }))?.domain ?? null,

  findSellerId: async (db: Executor, domain: string) =>
    (await db.query.sellerDomains.findFirst({ where: eq(sellerDomains.domain, domain) }))?.sellerId ?? null,

  save: (db: Executor, sellerId: string, domain: string, at: Date) =>
    db
      .insert(sellerDomains)
      .values({ sellerId, domain })
      .onConflictDoUpdate({ target: sellerDomains.sellerId, set: { domain, updatedAt: at } }),

  remove: (db: Executor, sellerId: string) => db.delete(sellerDomains).where(eq(sellerDomains.sellerId, sellerId)),
}

const ownPixel = (sellerId: string, id: string) => and(eq(advertisingPixels.sellerId, sellerId), eq(advertisingPixels.id, id))

export const pixelRepository = {
  /** Oldest first: the order the seller added them, which is also the order they run in. */
  list: (db: Executor, sellerId: string) =>
    db
      .select()
      .from(advertisingPixels)
      .where(eq(advertisingPixels.sellerId, sellerId))
      .orderBy(asc(advertisingPixels.createdAt), asc(advertisingPixels.id)),

  count: async (db: Executor, sellerId: string) =>
    (await db.select({ value: count() }).from(advertisingPixels).where(eq(advertisingPixels.sellerId, sellerId)))[0]?.value ?? 0,

  async insert(db: Executor, values: typeof advertisingPixels.$inferInsert): Promise<PixelRow> {
    const [row] = await db.insert(advertisingPixels).values(values).returning()
    if (!row) throw new Error('the pixel row was not stored')
    return row
  },

  update: async (db: Executor, sellerId: string, id: string, values: Partial<Pick<PixelRow, 'pixelType' | 'script'>>, at: Date) =>
    (
      await db
        .update(advertisingPixels)
        .set({ ...values, updatedAt: at })
        .where(ownPixel(sellerId, id))
        .returning()
    )[0],

  remove: async (db: Executor, sellerId: string, id: string) =>
    (await db.delete(advertisingPixels).where(ownPixel(sellerId, id)).returning({ id: advertisingPixels.id })).length > 0,
}
