import { and, eq, isNull } from 'drizzle-orm'
import type { Executor } from '../../db/client.js'
import { refreshTokens } from '../../db/schema/index.js'

export const refreshTokenRepository = {
  async insert(db: Executor, sellerId: string, expiresAt: Date): Promise<string> {
    const [row] = await db.insert(refreshTokens).values({ sellerId, expiresAt }).returning({ id: refreshTokens.id })
    if (!row) throw new Error('the refresh token row was not stored')
    return row.id
  },
  findById: (db: Executor, id: string) => db.query.refreshTokens.findFirst({ where: eq(refreshTokens.id, id) }),
  revoke: (db: Executor, id: string, at: Date) =>
    db
      .update(refreshTokens)
      .set({ revokedAt: at })
      .where(and(eq(refreshTokens.id, id), isNull(refreshTokens.revokedAt))),
}
