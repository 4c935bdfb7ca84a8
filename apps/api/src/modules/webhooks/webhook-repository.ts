import { and, eq, inArray, sql } from 'drizzle-orm'
import type { Executor } from '../../db/client.js'
import { descNullsLast } from '../../db/ordering.js'
import { storeSettings, webhookAttempts, webhookDeliveries } from '../../db/schema/index.js'
import { storeSettingsRepository } from '../settings/settings-repository.js'
import { newWebhookSecret } from '../settings/store-settings-service.js'

/** What an attempt row says until its outcome is written, and forever if the worker died meanwhile. */
export const unfinishedAttempt = 'No outcome recorded: the attempt was under way, or the worker stopped during it.'

export type DeliveryRow = typeof webhookDeliveries.$inferSelect

type StartedAttemptRow = Pick<DeliveryRow, 'id' | 'event' | 'url' | 'payload' | 'attempts'> & {
  seller_id: string
  webhook_secret: string | null
  attempt_id: string
}
export type StartedAttempt = {
  attemptId: string
  delivery: Pick<DeliveryRow, 'id' | 'sellerId' | 'event' | 'url' | 'payload' | 'attempts'>
  /** Null until the seller's first delivery creates it (see signingSecret). */
  secret: string | null
}

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

  /** The CRM targets of several sellers at once, by seller id; sellers without a webhook are absent. */
  async findTargets(db: Executor, sellerIds: string[]) {
    const rows = await db.select().from(storeSettings).where(inArray(storeSettings.sellerId, sellerIds))
    const targets = new Map<string, { url: string; keys: { email: string; full_name: string } }>()
    for (const settings of rows) {
      if (!settings.webhookUrl) continue
      const keys = { email: settings.webhookEmailKey || 'email', full_name: settings.webhookFullNameKey || 'full_name' }
      targets.set(settings.sellerId, { url: settings.webhookUrl, keys })
    }
    return targets
  },

  async insertDeliveries(db: Executor, values: (typeof webhookDeliveries.$inferInsert)[]): Promise<{ id: string }[]> {
    if (values.length === 0) return []
    return db.insert(webhookDeliveries).values(values).returning({ id: webhookDeliveries.id })
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

  /**
   * Starts an attempt at a pending delivery, in one statement (one round trip per attempt before
   * the request leaves): reads the delivery and the seller's signing secret, logs the attempt and
   * counts it. A worker that dies mid-attempt leaves this row behind, so the log shows every
   * request that may have left. Undefined when the delivery is not pending (done meanwhile).
   */
  async beginAttempt(db: Executor, deliveryId: string): Promise<StartedAttempt | undefined> {
    const result = await db.execute<StartedAttemptRow>(sql`
      with delivery as (
        select d.id, d.seller_id, d.event, d.url, d.payload, d.attempts, s.webhook_secret
          from ${webhookDeliveries} d left join ${storeSettings} s on s.seller_id = d.seller_id
         where d.id = ${deliveryId} and d.status = 'pending'
      ), attempt as (
        insert into ${webhookAttempts} (delivery_id, status_code, error, duration_ms)
        select id, null, ${unfinishedAttempt}, 0 from delivery
        returning id
      ), counted as (
        update ${webhookDeliveries} set attempts = attempts + 1, updated_at = now() where id in (select id from delivery)
      )
      select delivery.*, attempt.id as attempt_id from delivery, attempt`)
    const row = result.rows[0]
    if (!row) return undefined
    return {
      attemptId: row.attempt_id,
      // Attempts made before this one.
      delivery: { id: row.id, sellerId: row.seller_id, event: row.event, url: row.url, payload: row.payload, attempts: row.attempts },
      secret: row.webhook_secret,
    }
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
