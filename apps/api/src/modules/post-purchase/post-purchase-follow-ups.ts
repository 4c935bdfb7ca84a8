import type { Database, Executor } from '../../db/client.js'
import type { JobPayloads, JobQueue } from '../../jobs/queue.js'
import type { OrderRow } from '../orders/orders-module.js'
import type { PostPurchaseDelivery } from './post-purchase-delivery.js'
import { postPurchaseRepository as repo } from './post-purchase-repository.js'

export type FollowUpDeps = {
  db: Database
  now: () => Date
  jobs: Pick<JobQueue, 'poke'>
  deliver: PostPurchaseDelivery
  /** The orders module's read of a seller's order, in this transaction. */
  ownedOrder: (tx: Executor, sellerId: string, orderId: string) => Promise<OrderRow | undefined>
  /** The seller's business name, which the purchase email is signed with. */
  businessName: (sellerId: string) => Promise<string>
}

/**
 * Issue 26: the `post-purchase-follow-ups` job, queued with a paid one-click charge. In one
 * transaction it takes the charge's owed follow-ups (the row's flag) and queues its purchase email,
 * CRM webhook and ad platforms' Purchase (post-purchase-delivery.ts). A job run again (a crash
 * before pg-boss heard it finished) finds nothing owed and queues nothing, so each is sent once; a
 * crash before the commit leaves them owed for the retry. An order deleted meanwhile is owed nothing.
 */
export function createPostPurchaseFollowUps({ db, now, jobs, deliver, ownedOrder, businessName }: FollowUpDeps) {
  return async ({ chargeId, sellerId, offer, freeOffer }: JobPayloads['post-purchase-follow-ups']) => {
    // Read before the transaction: it holds one pool connection, this read would ask for another.
    const sellerName = await businessName(sellerId)
    const queued = await db.transaction(async (tx) => {
      const row = await repo.takeFollowUps(tx, chargeId)
      if (!row) return false
      const order = await ownedOrder(tx, row.sellerId, row.orderId)
      if (!order) return false
      await deliver(tx, { order, row, offer, freeOffer, at: row.paidAt ?? now(), businessName: sellerName })
      return true
    })
    // Committed: this process's workers send them now rather than at their next poll.
    if (queued) {
      jobs.poke('send-email')
      jobs.poke('deliver-webhook')
      jobs.poke('send-conversion')
    }
  }
}
