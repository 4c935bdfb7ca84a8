import type { OfferListQuery } from '@funnelry/shared'
import { and, count, eq, inArray } from 'drizzle-orm'
import type { Executor } from '../../db/client.js'
import { pageWindow } from '../../lib/pagination.js'
import { listedOffers, listOrder } from './offer-list-filter.js'
import { bumpOffers, freeOffers, upsellOffers } from './offers-tables.js'

export type FreeOfferRow = typeof freeOffers.$inferSelect
export type FreeOfferValues = Omit<typeof freeOffers.$inferInsert, 'id' | 'sellerId' | 'createdAt' | 'updatedAt'>

const owned = (sellerId: string, id: string) => and(eq(freeOffers.sellerId, sellerId), eq(freeOffers.id, id))

/** A free offer with the bump and upsell attached to it, in one query. */
const withAttachments = (db: Executor) =>
  db
    .select({ offer: freeOffers, bump: bumpOffers, upsell: upsellOffers })
    .from(freeOffers)
    .leftJoin(bumpOffers, eq(freeOffers.bumpOfferId, bumpOffers.id))
    .leftJoin(upsellOffers, eq(freeOffers.upsellOfferId, upsellOffers.id))

export type FreeOfferWithAttachments = Awaited<ReturnType<typeof withAttachments>>[number]

export const freeOfferRepository = {
  findById: async (db: Executor, id: string) => (await withAttachments(db).where(eq(freeOffers.id, id)))[0],

  /** Several offers with their add-ons in one query (concurrent checkouts), by offer id. */
  findByIds: async (db: Executor, ids: string[]) =>
    new Map((await withAttachments(db).where(inArray(freeOffers.id, ids))).map((row) => [row.offer.id, row])),

  findOwned: async (db: Executor, sellerId: string, id: string) => (await withAttachments(db).where(owned(sellerId, id)))[0],

  /** Inside an update: the stored image keys read here are the ones this update replaces. */
  lockOwned: async (db: Executor, sellerId: string, id: string) =>
    (await db.select().from(freeOffers).where(owned(sellerId, id)).for('update'))[0],

  /** One page of the seller's list: in use or archived, searched by headline, newest or oldest first. */
  page: (db: Executor, sellerId: string, query: OfferListQuery) =>
    withAttachments(db)
      .where(listedOffers(freeOffers, sellerId, query))
      .orderBy(...listOrder(freeOffers, query.ordering))
      .limit(pageWindow(query).limit)
      .offset(pageWindow(query).offset),

  count: async (db: Executor, sellerId: string, query: OfferListQuery) =>
    (
      await db
        .select({ value: count() })
        .from(freeOffers)
        .where(listedOffers(freeOffers, sellerId, query))
    )[0]?.value ?? 0,

  async insert(db: Executor, sellerId: string, values: FreeOfferValues): Promise<string> {
    const [row] = await db
      .insert(freeOffers)
      .values({ ...values, sellerId })
      .returning({ id: freeOffers.id })
    if (!row) throw new Error('the free offer row was not stored')
    return row.id
  },

  async update(db: Executor, sellerId: string, id: string, values: Partial<FreeOfferValues>): Promise<boolean> {
    const rows = await db
      .update(freeOffers)
      .set({ ...values, updatedAt: new Date() })
      .where(owned(sellerId, id))
      .returning({ id: freeOffers.id })
    return rows.length > 0
  },
}
