import { and, eq, isNull, lt, ne, sql } from 'drizzle-orm'
import type { Executor } from '../../db/client.js'
import { firstRow } from '../../db/first-row.js'
import { sellerChangedChannel } from '../../lib/seller-changes.js'
import { refreshTokens } from './auth-tables.js'

export type RefreshTokenRow = typeof refreshTokens.$inferSelect

export const refreshTokenRepository = {
  /** A new token row; without `familyId` it starts a family of its own (a log-in). */
  async insert(db: Executor, values: { sellerId: string; expiresAt: Date; familyId?: string }): Promise<string> {
    const id = crypto.randomUUID()
    await db.insert(refreshTokens).values({ id, sellerId: values.sellerId, familyId: values.familyId ?? id, expiresAt: values.expiresAt })
    return id
  },

  /** The row, locked until the transaction ends: two refreshes of one token take turns. */
  findForUpdate: async (db: Executor, id: string): Promise<RefreshTokenRow | undefined> =>
    (await db.select().from(refreshTokens).where(eq(refreshTokens.id, id)).for('update'))[0],

  findById: (db: Executor, id: string) => firstRow(db.select().from(refreshTokens).where(eq(refreshTokens.id, id))),

  /** The family's live token: neither rotated nor revoked. */
  findFamilyHead: (db: Executor, familyId: string) =>
    firstRow(
      db
        .select()
        .from(refreshTokens)
        .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.replacedBy), isNull(refreshTokens.revokedAt))),
    ),

  markRotated: (db: Executor, id: string, successorId: string, at: Date) =>
    db.update(refreshTokens).set({ replacedBy: successorId, rotatedAt: at }).where(eq(refreshTokens.id, id)),

  revokeFamily: (db: Executor, familyId: string, at: Date) =>
    db
      .update(refreshTokens)
      .set({ revokedAt: at })
      .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt))),

  /** Whether a log-in (family) is still going, and whose it is; undefined when no row of it is left. */
  async logInState(db: Executor, familyId: string): Promise<{ sellerId: string; live: boolean } | undefined> {
    const [row] = await db
      .select({ sellerId: refreshTokens.sellerId, live: sql<boolean>`bool_or(${refreshTokens.revokedAt} is null)` })
      .from(refreshTokens)
      .where(eq(refreshTokens.familyId, familyId))
      .groupBy(refreshTokens.sellerId)
      .limit(1)
    return row
  },

  /** Every log-in of a seller but `exceptFamilyId` (the one changing the password keeps going). */
  revokeSellerFamilies: (db: Executor, sellerId: string, at: Date, exceptFamilyId?: string) =>
    db
      .update(refreshTokens)
      .set({ revokedAt: at })
      .where(
        and(
          eq(refreshTokens.sellerId, sellerId),
          isNull(refreshTokens.revokedAt),
          exceptFamilyId ? ne(refreshTokens.familyId, exceptFamilyId) : undefined,
        ),
      ),

  /**
   * Tells every process (lib/seller-changes.ts) that the seller's log-ins changed, on the channel of
   * the public caches: sent with the transaction's commit, so no process hears of it earlier.
   */
  notifyLogInsChanged: (db: Executor, sellerId: string) => db.execute(sql`select pg_notify(${sellerChangedChannel}, ${sellerId})`),

  /** Expired rows can prove nothing any more (their tokens fail the signature's expiry first). */
  deleteExpired: (db: Executor, sellerId: string, at: Date) =>
    db.delete(refreshTokens).where(and(eq(refreshTokens.sellerId, sellerId), lt(refreshTokens.expiresAt, at))),
}
