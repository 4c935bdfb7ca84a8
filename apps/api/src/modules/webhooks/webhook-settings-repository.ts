import { eq, sql } from 'drizzle-orm'
import type { Executor } from '../../db/client.js'
import { firstRow } from '../../db/first-row.js'
import { crmWebhooks } from './webhooks-tables.js'

export type CrmWebhookRow = typeof crmWebhooks.$inferSelect
export type CrmWebhookValues = Partial<Pick<CrmWebhookRow, 'url' | 'emailKey' | 'fullNameKey'>>

export const webhookSettingsRepository = {
  find: (db: Executor, sellerId: string) => firstRow(db.select().from(crmWebhooks).where(eq(crmWebhooks.sellerId, sellerId))),

  /**
   * Creates the row on first use and keeps the first signing secret ever stored: two first reads
   * at the same time agree on one secret instead of the second overwriting the first.
   */
  async ensureSecret(db: Executor, sellerId: string, secret: string): Promise<CrmWebhookRow & { secret: string }> {
    const [row] = await db
      .insert(crmWebhooks)
      .values({ sellerId, secret })
      .onConflictDoUpdate({ target: crmWebhooks.sellerId, set: { secret: sql`coalesce(${crmWebhooks.secret}, excluded.secret)` } })
      .returning()
    if (!row?.secret) throw new Error('the webhook secret was not stored')
    return { ...row, secret: row.secret }
  },

  async update(db: Executor, sellerId: string, values: CrmWebhookValues, at: Date): Promise<CrmWebhookRow> {
    const [row] = await db
      .update(crmWebhooks)
      .set({ ...values, updatedAt: at })
      .where(eq(crmWebhooks.sellerId, sellerId))
      .returning()
    if (!row) throw new Error('the webhook row is missing')
    return row
  },
}
