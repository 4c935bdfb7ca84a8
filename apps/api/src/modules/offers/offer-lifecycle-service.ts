import { isUuid, type OfferKind, offerLifecycleMessages } from '@funnelry/shared'
import type { Database } from '../../db/client.js'
import { ConflictError, NotFoundError } from '../../lib/errors.js'
import type { OfferImages } from './offer-images.js'
import { type LifecycleRow, type LifecycleStore, lifecycleStores } from './offer-lifecycle-store.js'
import type { OfferUsage } from './offer-usage.js'

const imageKeysOf = (row: LifecycleRow): (string | null)[] => [row.assetImage, 'logo' in row ? row.logo : null]

/**
 * Archive, restore, delete and duplicate, the same way for the three kinds of offer
 * (docs/decisions/0021). Deleting never loses sales data: an offer with leads or orders can only be
 * archived, and an add-on a free offer uses can be neither archived nor deleted until it is detached.
 */
export function createOfferLifecycle({ db, images, usage }: { db: Database; images: OfferImages; usage: OfferUsage }) {
  /** Runs `change` on the seller's row under a lock; another seller's offer and a malformed id answer 404. */
  async function withLocked<T>(
    kind: OfferKind,
    sellerId: string,
    id: string,
    mode: 'update' | 'share',
    change: (row: LifecycleRow, store: LifecycleStore, tx: Parameters<Parameters<Database['transaction']>[0]>[0]) => Promise<T>,
  ): Promise<T> {
    if (!isUuid(id)) throw new NotFoundError()
    const store = lifecycleStores[kind]
    return db.transaction(async (tx) => {
      const row = await store.lock(tx, sellerId, id, mode)
      if (!row) throw new NotFoundError()
      return change(row, store, tx)
    })
  }

  const refuseWhileUsed = (kind: OfferKind, usedBy: { id: string; headline: string }[]) => {
    if (usedBy.length > 0)
      throw new ConflictError(
        offerLifecycleMessages.attached(
          kind,
          usedBy.map((offer) => offer.headline),
        ),
        { used_by: usedBy },
      )
  }

  /** Refuses (409) deleting an add-on a free offer uses, or an offer with leads or orders (its sales stay). */
  async function refuseDeletion(
    kind: OfferKind,
    store: LifecycleStore,
    tx: Parameters<Parameters<Database['transaction']>[0]>[0],
    id: string,
  ) {
    const [usedBy, sales] = await Promise.all([store.usedBy(tx, id), usage.countFor(tx, kind, id)])
    refuseWhileUsed(kind, usedBy)
    if (sales.leads > 0 || sales.orders > 0)
      throw new ConflictError(offerLifecycleMessages.hasSales(kind, sales.leads, sales.orders), { used_by: [] })
  }

  return {
    /** Out of the lists and the public pages; leads and orders stay. Archiving twice changes nothing. */
    archive: (kind: OfferKind, sellerId: string, id: string): Promise<void> =>
      withLocked(kind, sellerId, id, 'update', async (row, store, tx) => {
        if (row.archivedAt) return
        refuseWhileUsed(kind, await store.usedBy(tx, id))
        await store.setArchivedAt(tx, id, new Date())
      }),

    /** Back in the lists (a free offer keeps its active switch as it was). */
    restore: (kind: OfferKind, sellerId: string, id: string): Promise<void> =>
      withLocked(kind, sellerId, id, 'update', async (row, store, tx) => {
        if (row.archivedAt) await store.setArchivedAt(tx, id, null)
      }),

    async delete(kind: OfferKind, sellerId: string, id: string): Promise<void> {
      const released = await withLocked(kind, sellerId, id, 'update', async (row, store, tx) => {
        // Counted under the row's lock: a lead or order that points at the offer waits for it.
        await refuseDeletion(kind, store, tx, id)
        await store.delete(tx, id)
        return imageKeysOf(row)
      })
      await images.release(released)
    },

    /**
     * The refusal a delete would meet now, without deleting: the screen shows it instead of asking
     * the seller to confirm what cannot happen (issue 15). Answers nothing when the offer can go.
     */
    checkDelete: (kind: OfferKind, sellerId: string, id: string): Promise<void> =>
      withLocked(kind, sellerId, id, 'share', (_row, store, tx) => refuseDeletion(kind, store, tx, id)),

    /** A copy named "Copy of …", in use (a free offer's copy starts inactive); answers its id. */
    duplicate: (kind: OfferKind, sellerId: string, id: string): Promise<string> =>
      withLocked(kind, sellerId, id, 'share', (row, store, tx) => store.copy(tx, row, offerLifecycleMessages.copyOf(row.headline))),
  }
}
export type OfferLifecycle = ReturnType<typeof createOfferLifecycle>
