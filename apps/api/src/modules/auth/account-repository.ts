import { and, eq, isNull, lt, or, sql } from 'drizzle-orm'
import type { Executor } from '../../db/client.js'
import { firstRow } from '../../db/first-row.js'
import { passwordResets, recoveryCodes, twoFactorSecrets } from './auth-tables.js'

export type PasswordResetRow = typeof passwordResets.$inferSelect
export type TwoFactorRow = typeof twoFactorSecrets.$inferSelect

export const passwordResetRepository = {
  insert: (db: Executor, values: { sellerId: string; tokenHash: string; expiresAt: Date }) => db.insert(passwordResets).values(values),

  /** Locked until the transaction ends: two confirmations of one link take turns, and the second sees it used. */
  findForUpdate: async (db: Executor, tokenHash: string): Promise<PasswordResetRow | undefined> =>
    (await db.select().from(passwordResets).where(eq(passwordResets.tokenHash, tokenHash)).for('update'))[0],

  /** Every unused link of the seller: one reset spends them all. */
  useAll: (db: Executor, sellerId: string, at: Date) =>
    db
      .update(passwordResets)
      .set({ usedAt: at })
      .where(and(eq(passwordResets.sellerId, sellerId), isNull(passwordResets.usedAt))),
}

export const twoFactorRepository = {
  find: (db: Executor, sellerId: string) => firstRow(db.select().from(twoFactorSecrets).where(eq(twoFactorSecrets.sellerId, sellerId))),

  /** A new setup replaces one not yet confirmed; an enabled one is never replaced here. */
  async savePending(db: Executor, sellerId: string, encryptedSecret: string, at: Date): Promise<boolean> {
    const rows = await db
      .insert(twoFactorSecrets)
      .values({ sellerId, encryptedSecret, updatedAt: at })
      .onConflictDoUpdate({
        target: twoFactorSecrets.sellerId,
        set: { encryptedSecret, lastUsedStep: null, updatedAt: at },
        setWhere: isNull(twoFactorSecrets.enabledAt),
      })
      .returning({ sellerId: twoFactorSecrets.sellerId })
    return rows.length > 0
  },

  /**
   * Records `step` as the last code used, only if it is later than the last one: of two requests
   * with the same code, one wins. `enable` also turns two-factor on.
   */
  async useStep(db: Executor, sellerId: string, step: number, at: Date, enable = false): Promise<boolean> {
    const rows = await db
      .update(twoFactorSecrets)
      .set({ lastUsedStep: step, updatedAt: at, ...(enable ? { enabledAt: at } : {}) })
      .where(
        and(
          eq(twoFactorSecrets.sellerId, sellerId),
          enable ? isNull(twoFactorSecrets.enabledAt) : sql`${twoFactorSecrets.enabledAt} is not null`,
          or(isNull(twoFactorSecrets.lastUsedStep), lt(twoFactorSecrets.lastUsedStep, step)),
        ),
      )
      .returning({ sellerId: twoFactorSecrets.sellerId })
    return rows.length > 0
  },

  remove: (db: Executor, sellerId: string) => db.delete(twoFactorSecrets).where(eq(twoFactorSecrets.sellerId, sellerId)),
}

export const recoveryCodeRepository = {
  replaceAll: async (db: Executor, sellerId: string, codeHashes: string[]) => {
    await db.delete(recoveryCodes).where(eq(recoveryCodes.sellerId, sellerId))
    await db.insert(recoveryCodes).values(codeHashes.map((codeHash) => ({ sellerId, codeHash })))
  },

  /** Spends the code if it is the seller's and unused; true when it was. */
  async use(db: Executor, sellerId: string, codeHash: string, at: Date): Promise<boolean> {
    const rows = await db
      .update(recoveryCodes)
      .set({ usedAt: at })
      .where(and(eq(recoveryCodes.sellerId, sellerId), eq(recoveryCodes.codeHash, codeHash), isNull(recoveryCodes.usedAt)))
      .returning({ id: recoveryCodes.id })
    return rows.length > 0
  },

  removeAll: (db: Executor, sellerId: string) => db.delete(recoveryCodes).where(eq(recoveryCodes.sellerId, sellerId)),
}
