import { and, eq, sql } from 'drizzle-orm'
import type { Executor } from '../../db/client.js'
import { descNullsLast } from '../../db/ordering.js'
import { storeSettings, webhookAttempts, webhookDeliveries } from '../../db/schema/index.js'
import { storeSettingsRepository } from '../settings/settings-repository.js'
import { newWebhookSecret } from '../settings/store-settings-service.js'

/** What an attempt row says until its outcome is written, and forever if the worker died meanwhile. */
export const unfinishedAttempt = 'No outcome recorded: the attempt was under way, or the worker stopped during it.'

export type DeliveryRow = typeof webhookDeliveries.$inferSelect

export const webhookRepository = {
  /** The seller's CRM target, or undefined when no webhook is configured. */
  async findTarget(db: Executor, sellerId: string) {
    const settings = await db.query.storeSettings.findFirst({ where: eq(storeSettings.sellerId, sellerId) })
    if (!settings?.webhookUrl) return undefined
    return {
      url: settings.webhookUrl,
      keys: { email: settings.webhookEmailKey || 'email', full_name: settings.webhookFullNameKey || 'full_name' },
    }
  },

  /** The seller's signing secret: the one Settings shows, created on first use. */
  signingSecret: async (db: Executor, sellerId: string): Promise<string> => {
    const row = await storeSettingsRepository.ensureSecret(db, sellerId, newWebhookSecret())
    if (!row.webhookSecret) throw new Error('the webhook secret was not stored')
    return row.webhookSecret
  },

  async insertDelivery(db: Executor, values: typeof webhookDeliveries.$inferInsert): Promise<DeliveryRow> {
    const [row] = await db.insert(webhookDeliveries).values(values).returning()
    if (!row) throw new Error('the delivery row was not stored')
    return row
  },

  findDelivery: (db: Executor, id: string) => db.query.webhookDeliveries.findFirst({ where: eq(webhookDeliveries.id, id) }),

  /**
   * Logs an attempt before it is made, counting it on the delivery, in one statement: a worker
   * that dies mid-attempt leaves this row behind, so the log shows every request that may have left.
   */
  async startAttempt(db: Executor, deliveryId: string): Promise<string> {
    const result = await db.execute<{ id: string }>(sql`
      with attempt as (
        insert into ${webhookAttempts} (delivery_id, status_code, error, duration_ms)
        values (${deliveryId}, null, ${unfinishedAttempt}, 0)
        returning id
      ), counted as (
        update ${webhookDeliveries} set attempts = attempts + 1, updated_at = now() where id = ${deliveryId}
      )
      select id from attempt`)
    const id = result.rows[0]?.id
    if (!id) throw new Error('the attempt was not logged')
    return id
  },

  /** The attempt's outcome, and the delivery's status when this attempt settles it, in one statement. */
  async finishAttempt(
    db: Executor,
    attemptId: string,
    outcome: { statusCode: number | null; error: string | null; durationMs: number },
    delivery: { id: string; status: 'pending' | 'delivered' | 'failed'; at: Date },
  ) {
    const deliveredAt = delivery.status === 'delivered' ? delivery.at : null
    await db.execute(sql`
      with attempt as (
        update ${webhookAttempts}
           set status_code = ${outcome.statusCode}, error = ${outcome.error}, duration_ms = ${outcome.durationMs}
         where id = ${attemptId}
      )
      update ${webhookDeliveries}
         set status = ${delivery.status}, updated_at = ${delivery.at}, delivered_at = coalesce(${deliveredAt}, delivered_at)
       where id = ${delivery.id}`)
  },

  listForSeller: (db: Executor, sellerId: string, limit: number, offset: number) =>
    db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.sellerId, sellerId))
      .orderBy(descNullsLast(webhookDeliveries.createdAt))
      .limit(limit)
      .offset(offset),

  findOwned: (db: Executor, sellerId: string, id: string) =>
    db.query.webhookDeliveries.findFirst({ where: and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.sellerId, sellerId)) }),
}
