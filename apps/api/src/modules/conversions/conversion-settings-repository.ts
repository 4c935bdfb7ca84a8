import { eq, inArray } from 'drizzle-orm'
import type { Executor } from '../../db/client.js'
import { firstRow } from '../../db/first-row.js'
import { conversionSettings } from './conversions-tables.js'

export type ConversionSettingsRow = typeof conversionSettings.$inferSelect

export const conversionSettingsRepository = {
  find: (db: Executor, sellerId: string) => firstRow(db.select().from(conversionSettings).where(eq(conversionSettings.sellerId, sellerId))),

  /** Several sellers' settings at once (a batch of events), by seller id. */
  async findMany(db: Executor, sellerIds: string[]): Promise<Map<string, ConversionSettingsRow>> {
    if (sellerIds.length === 0) return new Map()
    const rows = await db.select().from(conversionSettings).where(inArray(conversionSettings.sellerId, sellerIds))
    return new Map(rows.map((row) => [row.sellerId, row]))
  },

  async save(db: Executor, sellerId: string, values: Omit<typeof conversionSettings.$inferInsert, 'sellerId'>) {
    await db
      .insert(conversionSettings)
      .values({ sellerId, ...values })
      .onConflictDoUpdate({ target: conversionSettings.sellerId, set: values })
  },
}
