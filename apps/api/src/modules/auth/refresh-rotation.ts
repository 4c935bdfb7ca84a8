import type { TokenPair } from '@funnelry/shared'
import type { Database } from '../../db/client.js'
import { AuthenticationError } from '../../lib/errors.js'
import { refreshTokenSeconds, type TokenSigner } from '../../lib/tokens.js'
import type { LogIns } from './log-ins.js'
import { refreshTokenRepository } from './refresh-token-repository.js'

export const invalidRefresh = 'Your session has expired. Please log in again.'

/**
 * How long a token that was just rotated still answers, with the family's current token: the
 * browser's tabs share one stored session and may refresh at the same moment with the same token.
 * Past this, presenting a rotated token means a copy is in other hands: the family is revoked.
 */
export const rotationGraceSeconds = 30

type Outcome =
  | { kind: 'issue'; sellerId: string; familyId: string; tokenId: string }
  | { kind: 'reused'; sellerId: string; familyId: string }

/**
 * Refresh-token rotation: each refresh exchanges the token for a new one of the same family
 * (log-in). The row is locked while it is decided, so concurrent refreshes take turns.
 */
type Deps = {
  db: Database
  tokens: TokenSigner
  now: () => Date
  /** The sellers module's read of a seller, for the names a new access token carries. */
  findSeller: (sellerId: string) => Promise<{ id: string; fullName: string; email: string } | undefined>
  /** Ends a log-in with its access tokens, on every process. */
  logIns: LogIns
}

export function createRefreshRotation({ db, tokens, now, findSeller, logIns }: Deps) {
  const expiry = () => new Date(now().getTime() + refreshTokenSeconds * 1000)

  const decide = (jti: string, userId: string) =>
    db.transaction(async (tx): Promise<Outcome> => {
      const row = await refreshTokenRepository.findForUpdate(tx, jti)
      if (!row || row.revokedAt || row.sellerId !== userId || row.expiresAt <= now()) throw new AuthenticationError(invalidRefresh)
      if (!row.replacedBy) {
        const successor = await refreshTokenRepository.insert(tx, { sellerId: row.sellerId, familyId: row.familyId, expiresAt: expiry() })
        await refreshTokenRepository.markRotated(tx, row.id, successor, now())
        return { kind: 'issue', sellerId: row.sellerId, familyId: row.familyId, tokenId: successor }
      }
      const rotatedSeconds = (now().getTime() - (row.rotatedAt ?? now()).getTime()) / 1000
      if (rotatedSeconds <= rotationGraceSeconds) {
        const head = await refreshTokenRepository.findFamilyHead(tx, row.familyId)
        if (head) return { kind: 'issue', sellerId: row.sellerId, familyId: row.familyId, tokenId: head.id }
      }
      return { kind: 'reused', sellerId: row.sellerId, familyId: row.familyId }
    })

  return {
    async refresh(refreshToken: string): Promise<TokenPair> {
      const claims = await tokens.verifyRefresh(refreshToken)
      if (!claims) throw new AuthenticationError(invalidRefresh)
      const outcome = await decide(claims.jti, claims.user_id)
      if (outcome.kind === 'reused') {
        // Outside the transaction above, so the revocation is kept although the call fails.
        await logIns.end(outcome.familyId, outcome.sellerId)
        throw new AuthenticationError(invalidRefresh)
      }
      const seller = await findSeller(outcome.sellerId)
      if (!seller) throw new AuthenticationError(invalidRefresh)
      const [access, refresh] = await Promise.all([
        tokens.signAccess({ user_id: seller.id, full_name: seller.fullName, email: seller.email }, outcome.familyId),
        tokens.signRefresh(seller.id, outcome.tokenId),
      ])
      return { access, refresh }
    },

    /** A new family for a log-in; the seller's expired rows are cleared on the way. */
    async start(sellerId: string): Promise<string> {
      await refreshTokenRepository.deleteExpired(db, sellerId, now())
      return refreshTokenRepository.insert(db, { sellerId, expiresAt: expiry() })
    },

    /** Logging out ends the whole log-in: every token of the family. */
    async end(refreshToken: string): Promise<void> {
      const claims = await tokens.verifyRefresh(refreshToken)
      if (!claims) throw new AuthenticationError(invalidRefresh)
      const row = await refreshTokenRepository.findById(db, claims.jti)
      if (row && row.sellerId === claims.user_id) await logIns.end(row.familyId, row.sellerId)
    },
  }
}
export type RefreshRotation = ReturnType<typeof createRefreshRotation>
