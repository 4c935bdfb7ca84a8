import { and, eq, inArray, ne } from 'drizzle-orm'
import type { Executor } from '../../db/client.js'
import { firstRow } from '../../db/first-row.js'
import { paymentAccounts } from './payments-tables.js'
import type { ProviderName } from './providers/provider.js'

export type PaymentAccountRow = typeof paymentAccounts.$inferSelect

export const paymentAccountRepository = {
  findBySeller: (db: Executor, sellerId: string) =>
    firstRow(db.select().from(paymentAccounts).where(eq(paymentAccounts.sellerId, sellerId))),

  /** Several sellers' accounts in one query, by seller id. */
  findBySellers: async (db: Executor, sellerIds: string[]) =>
    new Map(
      (await db.select().from(paymentAccounts).where(inArray(paymentAccounts.sellerId, sellerIds))).map((row) => [row.sellerId, row]),
    ),

  findByAccount: (db: Executor, provider: ProviderName, accountId: string) =>
    firstRow(
      db
        .select()
        .from(paymentAccounts)
        .where(and(eq(paymentAccounts.provider, provider), eq(paymentAccounts.accountId, accountId))),
    ),

  /**
   * Stores the seller's account. A row for another provider (the operator switched from the
   * local provider to Stripe) is replaced; a row for this provider is kept, so two concurrent
   * connects end with the one account both of them return.
   */
  async save(db: Executor, values: { sellerId: string; provider: ProviderName; accountId: string; at: Date }): Promise<PaymentAccountRow> {
    const [row] = await db
      .insert(paymentAccounts)
      .values({ sellerId: values.sellerId, provider: values.provider, accountId: values.accountId })
      .onConflictDoUpdate({
        target: paymentAccounts.sellerId,
        set: { provider: values.provider, accountId: values.accountId, chargesEnabled: false, updatedAt: values.at },
        setWhere: ne(paymentAccounts.provider, values.provider),
      })
      .returning()
    if (row) return row
    const existing = await paymentAccountRepository.findBySeller(db, values.sellerId)
    if (!existing) throw new Error('the payment account was not stored')
    return existing
  },

  setChargesEnabled: (db: Executor, provider: ProviderName, accountId: string, chargesEnabled: boolean, at: Date) =>
    db
      .update(paymentAccounts)
      .set({ chargesEnabled, updatedAt: at })
      .where(and(eq(paymentAccounts.provider, provider), eq(paymentAccounts.accountId, accountId)))
      .returning(),
}
