import { TooManyRequestsError } from '../../lib/errors.js'
import type { LimitStore } from '../../lib/limit-store.js'
import { retrySentence } from '../../lib/wait-sentence.js'

const minutes = (count: number) => count * 60 * 1000

/**
 * Failed log-ins allowed before a pause (docs/decisions/0007-log-in-limits.md). They add to the
 * per-address-and-email limit on the route (10 attempts a minute):
 * - per account, from any address: guessing one password from many addresses is slowed down;
 * - per address, for any email: trying many accounts from one place is slowed down.
 * Only failures count (a log-in that succeeds is taken back), so the owner's own log-ins never do.
 */
export const loginLimits = {
  perAccount: { max: 20, windowMs: minutes(15) },
  perAddress: { max: 30, windowMs: minutes(15) },
  /** An address the account logged in from is exempt from the per-account limit this long. */
  knownAddressMs: minutes(30 * 24 * 60),
} as const

const messages = {
  perAccount: 'Too many failed log-ins for this account.',
  perAddress: 'Too many failed log-ins from your network.',
}

export type LoginAttempt = { succeeded(): Promise<void> }

/**
 * The owner is never locked out of their account from where they usually log in: an attacker
 * elsewhere who exhausts the account's limit pauses only log-ins from new addresses, and at most
 * for one window (15 minutes) after the attack stops.
 */
export function createLoginLimits(store: LimitStore) {
  const refuse = (kind: keyof typeof messages, resetInMs: number): never => {
    const seconds = Math.max(1, Math.ceil(resetInMs / 1000))
    throw new TooManyRequestsError(`${messages[kind]} ${retrySentence(seconds)}`, seconds)
  }

  return {
    /** Counts a log-in attempt before the password is checked, so parallel guesses count too. */
    async begin(email: string, address: string): Promise<LoginAttempt> {
      const account = `login-account:${email.trim().toLowerCase()}`
      const known = `login-known:${email.trim().toLowerCase()}|${address}`
      const from = `login-address:${address}`

      const byAddress = await store.take(from, loginLimits.perAddress.windowMs)
      if (byAddress.count > loginLimits.perAddress.max) refuse('perAddress', byAddress.resetInMs)
      const exempt = await store.recalls(known)
      if (!exempt) {
        const byAccount = await store.take(account, loginLimits.perAccount.windowMs)
        if (byAccount.count > loginLimits.perAccount.max) refuse('perAccount', byAccount.resetInMs)
      }
      return {
        async succeeded() {
          await Promise.all([
            store.giveBack(from),
            exempt ? Promise.resolve() : store.giveBack(account),
            store.remember(known, loginLimits.knownAddressMs),
          ])
        },
      }
    },
  }
}
export type LoginLimits = ReturnType<typeof createLoginLimits>
