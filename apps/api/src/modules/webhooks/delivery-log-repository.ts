import { and, count, desc, eq, sql } from 'drizzle-orm'
import type { Executor } from '../../db/client.js'
import { newestFirst } from '../../db/ordering.js'
import { webhookAttempts, webhookDeliveries } from './webhooks-tables.js'

const ofSeller = (sellerId: string) => eq(webhookDeliveries.sellerId, sellerId)

/** Each delivery with its latest attempt (a lateral join: one index probe per delivery of the page). */
function withLastAttempt(db: Executor) {
  const lastAttempt = db
    .select({ statusCode: webhookAttempts.statusCode, error: webhookAttempts.error, createdAt: webhookAttempts.createdAt })
    .from(webhookAttempts)
    .where(eq(webhookAttempts.deliveryId, webhookDeliveries.id))
    .orderBy(desc(webhookAttempts.createdAt), desc(webhookAttempts.id))
    .limit(1)
    .as('last_attempt')
  return db
    .select({
      id: webhookDeliveries.id,
      event: webhookDeliveries.event,
      url: webhookDeliveries.url,
      payload: webhookDeliveries.payload,
      status: webhookDeliveries.status,
      attempts: webhookDeliveries.attempts,
      createdAt: webhookDeliveries.createdAt,
      // drizzle reads a left-joined object as null when its first field is: that one is never null.
      lastAttempt: { createdAt: lastAttempt.createdAt, statusCode: lastAttempt.statusCode, error: lastAttempt.error },
    })
    .from(webhookDeliveries)
    .leftJoinLateral(lastAttempt, sql`true`)
}

export type DeliveryLogRow = Awaited<ReturnType<typeof withLastAttempt>>[number]

export const deliveryLogRepository = {
  page: (db: Executor, sellerId: string, window: { limit: number; offset: number }) =>
    withLastAttempt(db)
      .where(ofSeller(sellerId))
      .orderBy(...newestFirst(webhookDeliveries.createdAt, webhookDeliveries.id))
      .limit(window.limit)
      .offset(window.offset),

  count: async (db: Executor, sellerId: string) =>
    (await db.select({ value: count() }).from(webhookDeliveries).where(ofSeller(sellerId)))[0]?.value ?? 0,

  findOwned: async (db: Executor, sellerId: string, id: string) =>
    (await withLastAttempt(db).where(and(ofSeller(sellerId), eq(webhookDeliveries.id, id))))[0],

  /**
   * A failed delivery back to pending, to the address given (the seller may have fixed it since).
   * Only a failed one: the condition makes two clicks queue one retry, not two.
   */
  reopenFailed: async (db: Executor, sellerId: string, id: string, url: string, at: Date) =>
    (
      await db
        .update(webhookDeliveries)
        .set({ status: 'pending', url, updatedAt: at })
        .where(and(ofSeller(sellerId), eq(webhookDeliveries.id, id), eq(webhookDeliveries.status, 'failed')))
        .returning({ id: webhookDeliveries.id })
    ).length > 0,
}
