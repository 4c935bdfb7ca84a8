import { and, count, eq, getTableColumns, sql } from 'drizzle-orm'
import type { Executor } from '../../db/client.js'
import { firstRow } from '../../db/first-row.js'
import { newestFirst } from '../../db/ordering.js'
import type { SendOutcome } from './conversion-sender.js'
import type { ConversionSettingsRow } from './conversion-settings-repository.js'
import { conversionDeliveries, conversionSettings } from './conversions-tables.js'

export type ConversionDeliveryRow = typeof conversionDeliveries.$inferSelect

/** A table's row from its `to_jsonb` (snake_case keys), each value read as its column reads it. */
function rowOfJson<T extends typeof conversionDeliveries | typeof conversionSettings>(
  table: T,
  json: Record<string, unknown>,
): T['$inferSelect'] {
  const row: Record<string, unknown> = {}
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = json[column.name]
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value)
  }
  return row as T['$inferSelect']
}
type NewDelivery = Pick<typeof conversionDeliveries.$inferInsert, 'sellerId' | 'platform' | 'eventName' | 'eventId' | 'body'>

/** A delivery being attempted, with its seller's current settings (the secrets are read at send time). */
export type StartedDelivery = { delivery: ConversionDeliveryRow; settings: ConversionSettingsRow | undefined }
export type FinishedDelivery = { id: string; outcome: SendOutcome; status: 'pending' | 'sent' | 'failed'; at: Date }

export const conversionDeliveryRepository = {
  /**
   * Inserts the deliveries that do not exist yet (one per seller, platform and event id) and
   * answers only those: an event triggered twice gets one delivery and one job.
   */
  async insertNew(db: Executor, values: NewDelivery[]): Promise<{ id: string; sellerId: string }[]> {
    if (values.length === 0) return []
    return db
      .insert(conversionDeliveries)
      .values(values)
      .onConflictDoNothing({ target: [conversionDeliveries.sellerId, conversionDeliveries.platform, conversionDeliveries.eventId] })
      .returning({ id: conversionDeliveries.id, sellerId: conversionDeliveries.sellerId })
  },

  /**
   * Counts an attempt at each pending delivery of the list and answers them with their sellers'
   * settings, in one statement (one round trip a batch: the drain waits on each). A delivery already
   * sent or failed for good is left out: a job run twice sends nothing the second time.
   */
  async beginAttempts(db: Executor, ids: string[]): Promise<Map<string, StartedDelivery>> {
    const list = sql.join(
      ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    )
    const started = await db.execute<{ delivery: Record<string, unknown>; settings: Record<string, unknown> | null }>(sql`
      with started as (
        update ${conversionDeliveries} set attempts = attempts + 1, updated_at = now()
         where id in (${list}) and status = 'pending' returning *)
      select to_jsonb(started) as delivery, to_jsonb(settings) as settings
        from started left join ${conversionSettings} settings on settings.seller_id = started.seller_id`)
    return new Map(
      started.rows.map((row) => {
        const delivery = rowOfJson(conversionDeliveries, row.delivery)
        return [delivery.id, { delivery, settings: row.settings ? rowOfJson(conversionSettings, row.settings) : undefined }]
      }),
    )
  },

  /** Each delivery's outcome, for many at once (attempts that finish together are written together). */
  async finish(db: Executor, finished: FinishedDelivery[]) {
    const rows = sql.join(
      finished.map(
        ({ id, outcome, status, at }) =>
          sql`(${id}::uuid, ${status}::text, ${outcome.statusCode}::int, ${outcome.eventsReceived}::int, ${outcome.fbtraceId}::text,
               ${outcome.reason}::text, ${at}::timestamptz)`,
      ),
      sql`, `,
    )
    await db.execute(sql`
      with finished (id, status, status_code, events_received, fbtrace_id, error, at) as (values ${rows})
      update ${conversionDeliveries} d
         set status = f.status, status_code = f.status_code, events_received = f.events_received,
             fbtrace_id = f.fbtrace_id, error = f.error, updated_at = f.at,
             sent_at = case when f.status = 'sent' then f.at else d.sent_at end
        from finished f where d.id = f.id`)
  },

  async insertOne(db: Executor, values: NewDelivery): Promise<ConversionDeliveryRow> {
    const [row] = await db.insert(conversionDeliveries).values(values).returning()
    if (!row) throw new Error('the delivery row was not stored')
    return row
  },

  count: async (db: Executor, sellerId: string) =>
    (await db.select({ total: count() }).from(conversionDeliveries).where(eq(conversionDeliveries.sellerId, sellerId)))[0]?.total ?? 0,

  page: (db: Executor, sellerId: string, window: { limit: number; offset: number }) =>
    db
      .select()
      .from(conversionDeliveries)
      .where(eq(conversionDeliveries.sellerId, sellerId))
      .orderBy(...newestFirst(conversionDeliveries.createdAt, conversionDeliveries.id))
      .limit(window.limit)
      .offset(window.offset),

  findOwned: (db: Executor, sellerId: string, id: string) =>
    firstRow(
      db
        .select()
        .from(conversionDeliveries)
        .where(and(eq(conversionDeliveries.id, id), eq(conversionDeliveries.sellerId, sellerId))),
    ),
}
