import { and, asc, count, eq, ne } from 'drizzle-orm'
import type { Database, Executor } from '../../db/client.js'
import { firstRow } from '../../db/first-row.js'
import { advertisingPixels, sellerDomains, storeSettings } from './settings-tables.js'

export type StoreSettingsRow = typeof storeSettings.$inferSelect
export type StoreSettingsValues = Partial<Omit<typeof storeSettings.$inferInsert, 'sellerId' | 'updatedAt'>>
export type PixelRow = typeof advertisingPixels.$inferSelect

export const storeSettingsRepository = {
  find: (db: Executor, sellerId: string) => firstRow(db.select().from(storeSettings).where(eq(storeSettings.sellerId, sellerId))),

  /** Creates the row on the first save of the company links. */
  async save(db: Executor, sellerId: string, values: StoreSettingsValues, at: Date): Promise<StoreSettingsRow> {
    const [row] = await db
      .insert(storeSettings)
      .values({ sellerId, ...values, updatedAt: at })
      .onConflictDoUpdate({ target: storeSettings.sellerId, set: { ...values, updatedAt: at } })
      .returning()
    if (!row) throw new Error('the store settings row was not stored')
    return row
  },
}

export type DomainRow = typeof sellerDomains.$inferSelect
export type DomainCheck = { verified: true } | { verified: false; status: 'pending' | 'failed'; reason: string | null }

export const domainRepository = {
  findBySeller: (db: Executor, sellerId: string) => firstRow(db.select().from(sellerDomains).where(eq(sellerDomains.sellerId, sellerId))),

  /** Only a proven domain belongs to anyone: pending and failed claims serve nothing. */
  findVerifiedSellerId: async (db: Executor, domain: string) =>
    (
      await db
        .select({ sellerId: sellerDomains.sellerId })
        .from(sellerDomains)
        .where(and(eq(sellerDomains.domain, domain), eq(sellerDomains.status, 'verified')))
    )[0]?.sellerId ?? null,

  /** A new domain for the seller: a new token, not proven yet. */
  claim: (db: Executor, sellerId: string, domain: string, token: string, defaultOfferId: string | null, at: Date) => {
    const fresh = { domain, verificationToken: token, status: 'pending' as const, failureReason: null, checkedAt: null }
    return db
      .insert(sellerDomains)
      .values({ sellerId, ...fresh, defaultOfferId })
      .onConflictDoUpdate({ target: sellerDomains.sellerId, set: { ...fresh, defaultOfferId, updatedAt: at } })
  },

  setDefaultOffer: (db: Executor, sellerId: string, defaultOfferId: string | null, at: Date) =>
    db.update(sellerDomains).set({ defaultOfferId, updatedAt: at }).where(eq(sellerDomains.sellerId, sellerId)),

  /**
   * Stores a check's outcome. A proof wins: any other seller's verified claim on the same domain
   * loses it in the same transaction (their record is not what the domain's DNS holds now, or
   * the domain's owner has let both in and the latest proof decides).
   */
  async recordCheck(db: Database, sellerId: string, domain: string, check: DomainCheck, at: Date): Promise<void> {
    await db.transaction(async (tx) => {
      if (check.verified) {
        await tx
          .update(sellerDomains)
          .set({ status: 'failed', failureReason: domainLostReason, checkedAt: at, updatedAt: at })
          .where(and(eq(sellerDomains.domain, domain), eq(sellerDomains.status, 'verified'), ne(sellerDomains.sellerId, sellerId)))
      }
      await tx
        .update(sellerDomains)
        .set({
          status: check.verified ? 'verified' : check.status,
          failureReason: check.verified ? null : check.reason,
          checkedAt: at,
          updatedAt: at,
        })
        .where(and(eq(sellerDomains.sellerId, sellerId), eq(sellerDomains.domain, domain)))
    })
  },

  remove: (db: Executor, sellerId: string) => db.delete(sellerDomains).where(eq(sellerDomains.sellerId, sellerId)),
}

export const domainLostReason = 'Another account proved ownership of this domain with its own TXT record.'

const ownPixel = (sellerId: string, id: string) => and(eq(advertisingPixels.sellerId, sellerId), eq(advertisingPixels.id, id))

export const pixelRepository = {
  /** Oldest first: the order the seller added them, which is also the order they run in. */
  list: (db: Executor, sellerId: string) =>
    db
      .select()
      .from(advertisingPixels)
      .where(eq(advertisingPixels.sellerId, sellerId))
      .orderBy(asc(advertisingPixels.createdAt), asc(advertisingPixels.id)),

  find: async (db: Executor, sellerId: string, id: string): Promise<PixelRow | undefined> =>
    (await db.select().from(advertisingPixels).where(ownPixel(sellerId, id)))[0],

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
