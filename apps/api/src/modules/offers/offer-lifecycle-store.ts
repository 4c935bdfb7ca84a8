import type { OfferKind } from '@funnelry/shared'
import { and, eq, isNull } from 'drizzle-orm'
import type { Executor } from '../../db/client.js'
import { bumpOffers, freeOffers, upsellOffers } from './offers-tables.js'

/** One kind of offer as archiving, restoring, deleting and duplicating see it. */
export type LifecycleStore = {
  /** The seller's row, locked: FOR UPDATE to change it, FOR SHARE to copy it. */
  lock(db: Executor, sellerId: string, id: string, mode: 'update' | 'share'): Promise<LifecycleRow | undefined>
  setArchivedAt(db: Executor, id: string, at: Date | null): Promise<void>
  /** The free offers in use that show this add-on; archiving and deleting wait until it is detached. */
  usedBy(db: Executor, id: string): Promise<{ id: string; headline: string }[]>
  delete(db: Executor, id: string): Promise<void>
  /** Inserts a copy (a new id, created now, in use) and answers its id. */
  copy(db: Executor, row: LifecycleRow, headline: string): Promise<string>
}

type Tables = typeof freeOffers | typeof bumpOffers | typeof upsellOffers
export type LifecycleRow = Tables['$inferSelect']

/** Free offers in use (not archived) that attach the add-on through `column`. */
const attachingFreeOffers = (column: typeof freeOffers.bumpOfferId | typeof freeOffers.upsellOfferId) => (db: Executor, id: string) =>
  db
    .select({ id: freeOffers.id, headline: freeOffers.headline })
    .from(freeOffers)
    .where(and(eq(column, id), isNull(freeOffers.archivedAt)))
    .orderBy(freeOffers.headline)

function storeOf<T extends Tables>(
  table: T,
  parts: {
    usedBy(db: Executor, id: string): Promise<{ id: string; headline: string }[]>
    copyValues(row: T['$inferSelect'], headline: string): T['$inferInsert']
  },
): LifecycleStore {
  // The three tables share these columns; drizzle's types cannot express that over a union.
  const t = table as typeof freeOffers
  return {
    async lock(db, sellerId, id, mode) {
      const rows = await db
        .select()
        .from(t)
        .where(and(eq(t.sellerId, sellerId), eq(t.id, id)))
        .for(mode)
      return rows[0]
    },
    async setArchivedAt(db, id, at) {
      await db.update(t).set({ archivedAt: at, updatedAt: new Date() }).where(eq(t.id, id))
    },
    usedBy: parts.usedBy,
    async delete(db, id) {
      await db.delete(t).where(eq(t.id, id))
    },
    async copy(db, row, headline) {
      const values = parts.copyValues(row as T['$inferSelect'], headline) as typeof freeOffers.$inferInsert
      const [inserted] = await db.insert(t).values(values).returning({ id: t.id })
      if (!inserted) throw new Error('the copied offer was not stored')
      return inserted.id
    },
  }
}

/** A copy keeps everything the seller wrote and the same stored images; it gets its own id and dates. */
const copied = <R extends { id: string; createdAt: Date; updatedAt: Date; archivedAt: Date | null }>(row: R) => {
  const { id: _id, createdAt: _createdAt, updatedAt: _updatedAt, archivedAt: _archivedAt, ...rest } = row
  return rest
}

/** BUMP and upsell differ only in their table and the column of free offers that points at it. */
function paidAddOnStore(
  table: typeof bumpOffers | typeof upsellOffers,
  attachColumn: typeof freeOffers.bumpOfferId | typeof freeOffers.upsellOfferId,
): LifecycleStore {
  return storeOf(table, {
    usedBy: attachingFreeOffers(attachColumn),
    copyValues: (row, headline) => ({ ...copied(row), headline }),
  })
}

export const lifecycleStores: Record<OfferKind, LifecycleStore> = {
  free: storeOf(freeOffers, {
    usedBy: async () => [],
    // A copy starts inactive: it goes live when its seller says so, not by accident.
    copyValues: (row, headline) => ({ ...copied(row), headline, isActive: false }),
  }),
  bump: paidAddOnStore(bumpOffers, freeOffers.bumpOfferId),
  upsell: paidAddOnStore(upsellOffers, freeOffers.upsellOfferId),
}
