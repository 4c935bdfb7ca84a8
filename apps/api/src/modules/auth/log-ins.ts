import type { Database, Executor } from '../../db/client.js'
import { createSellerCache } from '../../lib/seller-cache.js'
import type { SellerChanges } from '../../lib/seller-changes.js'
import { refreshTokenRepository } from './refresh-token-repository.js'

type Deps = { db: Database; now: () => Date; changes: SellerChanges }
type LogInState = { sellerId: string; live: boolean }

/**
 * A log-in is one refresh-token family; its access tokens carry its id (`sid`). Ending a log-in
 * (log-out, a stolen refresh token coming back, and for issue 25 "log out everywhere" and a
 * password change) ends its access tokens too, on every process within 2 seconds
 * (docs/decisions/session-revocation.md): each process keeps the state of the log-ins it has seen
 * in memory, dropped by the same database notification that keeps the public caches current, and
 * reads the database while that notification's listener is away. The state is read on every
 * signed-in request, so a hit costs a map lookup and no database round trip.
 */
export function createLogIns({ db, now, changes }: Deps) {
  const states = createSellerCache<LogInState>(
    changes,
    async (logInId) => {
      const state = await refreshTokenRepository.logInState(db, logInId)
      return state && { sellerId: state.sellerId, value: state }
    },
    { maxEntries: 100_000 },
  )

  /** Revokes and notifies in one transaction: no process can miss a revocation that was kept. */
  const revoke = async (sellerId: string, write: (tx: Executor) => Promise<unknown>) => {
    await db.transaction(async (tx) => {
      await write(tx)
      await refreshTokenRepository.notifyLogInsChanged(tx, sellerId)
    })
    // This process at once; the others when the notification arrives, a moment after the commit.
    changes.changed(sellerId)
  }

  return {
    /** Whether the log-in `logInId` of seller `sellerId` is still going (an access token's `sid` and `user_id`). */
    async isLive(logInId: string, sellerId: string): Promise<boolean> {
      const state = await states.get(logInId)
      return state?.live === true && state.sellerId === sellerId
    },

    /** Ends one log-in: every refresh token of its family, and its access tokens. */
    end: (logInId: string, sellerId: string) => revoke(sellerId, (tx) => refreshTokenRepository.revokeFamily(tx, logInId, now())),

    /** Ends every log-in of a seller, but `except` (log out everywhere; a password change keeps the caller's). */
    endAll: (sellerId: string, { except }: { except?: string } = {}) =>
      revoke(sellerId, (tx) => refreshTokenRepository.revokeSellerFamilies(tx, sellerId, now(), except)),
  }
}
export type LogIns = ReturnType<typeof createLogIns>
