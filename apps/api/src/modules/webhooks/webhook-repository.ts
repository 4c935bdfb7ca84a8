import { and, eq, inArray, sql } from 'drizzle-orm'
import type { Executor } from '../../db/client.js'
import { firstRow } from '../../db/first-row.js'
import { descNullsLast } from '../../db/ordering.js'
import { webhookSettingsRepository } from './webhook-settings-repository.js'
import { newWebhookSecret } from './webhook-signature.js'
import { crmWebhooks, webhookAttempts, webhookDeliveries } from './webhooks-tables.js'

/** What an attempt row says until its outcome is written, and forever if the worker died meanwhile. */
export const unfinishedAttempt = 'No outcome recorded: the attempt was under way, or the worker stopped during it.'

export type DeliveryRow = typeof webhookDeliveries.$inferSelect

type StartedAttemptRow = Pick<DeliveryRow, 'id' | 'event' | 'url' | 'payload' | 'attempts'> & {
  seller_id: string
  secret: string | null
  attempt_id: string
}
export type StartedAttempt = {
  attemptId: string
  delivery: Pick<DeliveryRow, 'id' | 'sellerId' | 'event' | 'url' | 'payload' | 'attempts'>
  /** Null until the seller's first delivery creates it (see signingSecret). */
  secret: string | null
}

export type FinishedAttempt = {
  attemptId: string
  outcome: { statusCode: number | null; error: string | null; durationMs: number }
  delivery: { id: string; status: 'pending' | 'delivered' | 'failed'; at: Date }
}

export const webhookRepository = {
  /** The seller's CRM target, or undefined when no webhook is configured. */
  async findTarget(db: Executor, sellerId: string) {
    const webhook = await firstRow(db.select().from(crmWebhooks).where(eq(crmWebhooks.sellerId, sellerId)))
    if (!webhook?.url) return undefined
    return { url: webhook.url, keys: { email: webhook.emailKey || 'email', full_name: webhook.fullNameKey || 'full_name' } }
  },

  /** The CRM targets of several sellers at once, by seller id; sellers without a webhook are absent. */
  async findTargets(db: Executor, sellerIds: string[]) {
    const rows = await db.select().from(crmWebhooks).where(inArray(crmWebhooks.sellerId, sellerIds))
    const targets = new Map<string, { url: string; keys: { email: string; full_name: string } }>()
    for (const webhook of rows) {
      if (!webhook.url) continue
      const keys = { email: webhook.emailKey || 'email', full_name: webhook.fullNameKey || 'full_name' }
      targets.set(webhook.sellerId, { url: webhook.url, keys })
    }
    return targets
  },

  async insertDeliveries(db: Executor, values: (typeof webhookDeliveries.$inferInsert)[]): Promise<{ id: string; sellerId: string }[]> {
    if (values.length === 0) return []
    return db.insert(webhookDeliveries).values(values).returning({ id: webhookDeliveries.id, sellerId: webhookDeliveries.sellerId })
  },

  /** The seller's signing secret: the one Settings shows, created on first use. */
  signingSecret: async (db: Executor, sellerId: string): Promise<string> =>
    (await webhookSettingsRepository.ensureSecret(db, sellerId, newWebhookSecret())).secret,

  async insertDelivery(db: Executor, values: typeof webhookDeliveries.$inferInsert): Promise<DeliveryRow> {
    const [row] = await db.insert(webhookDeliveries).values(values).returning()
    if (!row) throw new Error('the delivery row was not stored')
    return row
  },

  /**
   * Starts an attempt at each pending delivery of the list, in one statement (one round trip for
   * every job fetched together, before any request leaves): reads the deliveries and their sellers'
   * signing secrets, logs an attempt for each and counts it. A worker that dies mid-attempt leaves
   * these rows behind, so the log shows every request that may have left. Deliveries that are not
   * pending (done meanwhile) are left out of the result.
   */
  async beginAttempts(db: Executor, deliveryIds: string[]): Promise<Map<string, StartedAttempt>> {
    const ids = sql.join(
      deliveryIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    )
    const result = await db.execute<StartedAttemptRow>(sql`
      with delivery as (
        select d.id, d.seller_id, d.event, d.url, d.payload, d.attempts, w.secret
          from ${webhookDeliveries} d left join ${crmWebhooks} w on w.seller_id = d.seller_id
         where d.id in (${ids}) and d.status = 'pending'
      ), attempt as (
        insert into ${webhookAttempts} (delivery_id, status_code, error, duration_ms)
        select id, null, ${unfinishedAttempt}, 0 from delivery
        returning id, delivery_id
      ), counted as (
        update ${webhookDeliveries} set attempts = attempts + 1, updated_at = now() where id in (select id from delivery)
      )
      select delivery.*, attempt.id as attempt_id from delivery join attempt on attempt.delivery_id = delivery.id`)
    return new Map(
      result.rows.map((row) => [
        row.id,
        {
          attemptId: row.attempt_id,
          // Attempts made before this one.
          delivery: { id: row.id, sellerId: row.seller_id, event: row.event, url: row.url, payload: row.payload, attempts: row.attempts },
          secret: row.secret,
        },
      ]),
    )
  },

  /**
   * Each attempt's outcome, and its delivery's status, for many finished attempts in one statement
   * (attempts that finish together are written together).
   */
  async finishAttempts(db: Executor, finished: FinishedAttempt[]) {
    const rows = sql.join(
      finished.map(
        ({ attemptId, outcome, delivery }) =>
          sql`(${attemptId}::uuid, ${outcome.statusCode}::int, ${outcome.error}::text, ${outcome.durationMs}::int,
               ${delivery.id}::uuid, ${delivery.status}::text, ${delivery.at}::timestamptz)`,
      ),
      sql`, `,
    )
    await db.execute(sql`
      with finished (attempt_id, status_code, error, duration_ms, delivery_id, status, at) as (values ${rows}),
      attempt as (
        update ${webhookAttempts} a
           set status_code = f.status_code, error = f.error, duration_ms = f.duration_ms
          from finished f where a.id = f.attempt_id
      )
      update ${webhookDeliveries} d
         set status = f.status, updated_at = f.at,
             delivered_at = case when f.status = 'delivered' then f.at else d.delivered_at end
        from finished f where d.id = f.delivery_id`)
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
    firstRow(
      db
        .select()
        .from(webhookDeliveries)
        .where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.sellerId, sellerId))),
    ),
}
