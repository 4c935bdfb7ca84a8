import { TooManyRequestsError } from '../../lib/errors.js'
import type { LimitStore } from '../../lib/limit-store.js'
import { retrySentence } from '../../lib/wait-sentence.js'

/**
 * Decision D22: lead capture never refuses distinct visitors for sharing an address (a carrier or
 * an office). Abuse is limited per offer and email (one person re-submitting) and by a volume per
 * client address far above real traffic (an ad campaign brings thousands of leads an hour in
 * total). The numbers are in the README.
 */
export type LeadCaptureLimits = {
  perOfferAndEmail: { max: number; windowMs: number }
  perClientAddress: { max: number; windowMs: number }
}

export const defaultLeadCaptureLimits: LeadCaptureLimits = {
  perOfferAndEmail: { max: 10, windowMs: 60_000 },
  perClientAddress: { max: 100_000, windowMs: 60_000 },
}

export function createLeadCaptureLimits(store: LimitStore, limits: LeadCaptureLimits = defaultLeadCaptureLimits) {
  const check = async (key: string, { max, windowMs }: { max: number; windowMs: number }, message: string) => {
    const { count, resetInMs } = await store.take(key, windowMs)
    if (count > max) {
      const seconds = Math.max(1, Math.ceil(resetInMs / 1000))
      throw new TooManyRequestsError(`${message} ${retrySentence(seconds)}`, seconds)
    }
  }
  return {
    /** Before anything is looked up: the volume of one client address. */
    checkClient: (clientAddress: string) =>
      check(`lead-capture:address:${clientAddress}`, limits.perClientAddress, 'Too many sign-ups from your network right now.'),
    /** One person signing up to one offer again and again. */
    checkPerson: (offerId: string, email: string) =>
      check(
        `lead-capture:person:${offerId}:${email.trim().toLowerCase()}`,
        limits.perOfferAndEmail,
        'This email address was just signed up for this offer several times.',
      ),
  }
}
