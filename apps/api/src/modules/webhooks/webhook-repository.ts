import { and, eq, sql } from 'drizzle-orm'
import type { Executor } from '../../db/client.js'
import { descNullsLast } from '../../db/ordering.js'
import { storeSettings, webhookAttempts, webhookDeliveries } from '../../db/schema/index.js'
import { storeSettingsRepository } from '../settings/settings-repository.js'
import { newWebhookSecret } from '../settings/store-settings-service.js'

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

  async recordAttempt(db: Executor, deliveryId: string, attempt: { statusCode: number | null; error: string | null; durationMs: number }) {
    await db.insert(webhookAttempts).values({ deliveryId, ...attempt })
    await db
      .update(webhookDeliveries)
      .set({ attempts: sql`${webhookDeliveries.attempts} + 1`, updatedAt: new Date() })
      .where(eq(webhookDeliveries.id, deliveryId))
  },

  setStatus: (db: Executor, id: string, status: 'pending' | 'delivered' | 'failed', at: Date) =>
    db
      .update(webhookDeliveries)
      .set({ status, updatedAt: at, ...(status === 'delivered' ? { deliveredAt: at } : {}) })
      .where(eq(webhookDeliveries.id, id)),

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
