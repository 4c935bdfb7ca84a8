import { createHash } from 'node:crypto'
import { TooManyRequestsError } from '../../lib/errors.js'
import type { LimitStore } from '../../lib/limit-store.js'
import { retrySentence } from '../../lib/wait-sentence.js'

/**
 * Decision D24: checkout never refuses distinct buyers for sharing an address (a carrier puts
 * thousands of phones behind one). What is limited is card testing, and only by its declines:
 * a successful buyer is never counted. The numbers are in the README and
 * docs/decisions/checkout-card-testing-limits.md.
 */
export type CardTestingLimits = {
  /** Declines one payment intent takes; the last one ends it (canceled at the provider). */
  declinesPerIntent: number
  /** Declines of one card number (the local test provider; Stripe's own checks see Stripe's cards). */
  perCard: { max: number; windowMs: number }
  /** Declines of one buyer email, across intents: its checkouts are refused for the rest of the window. */
  perEmail: { max: number; windowMs: number }
  /** Declines from one client address: past `max`, its card attempts wait `delayMs` each (slowed, not refused). */
  perAddress: { max: number; windowMs: number; delayMs: number }
}

export const defaultCardTestingLimits: CardTestingLimits = {
  declinesPerIntent: 5,
  perCard: { max: 10, windowMs: 60 * 60_000 },
  perEmail: { max: 10, windowMs: 60 * 60_000 },
  perAddress: { max: 30, windowMs: 60_000, delayMs: 1_000 },
}

/** Ended intents are remembered for a day: longer than any checkout stays payable (the abandonment window). */
const endedIntentTtlMs = 24 * 60 * 60_000

// Card numbers and emails are kept only as hashes: the limit store may be a shared Redis.
const digest = (value: string) => createHash('sha256').update(value).digest('base64url').slice(0, 22)
const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000))

export const cardTestingMessages = {
  intentEnded: 'This payment was declined too many times and is closed. Please use another card or contact your bank.',
  cardRefused: 'This card was declined too many times. Please use another card.',
  emailRefused: 'Payments for this email address were declined too many times.',
} as const

export function createCardTestingLimits(store: LimitStore, limits: CardTestingLimits = defaultCardTestingLimits) {
  const intentKey = (intentId: string) => `card-testing:intent:${intentId}`
  const endedKey = (intentId: string) => `card-testing:ended:${intentId}`
  const cardKey = (cardNumber: string) => `card-testing:card:${digest(cardNumber)}`
  const emailKey = (email: string) => `card-testing:email:${digest(email.trim().toLowerCase())}`
  const addressKey = (address: string) => `card-testing:address:${address}`

  return {
    limits,

    /** Before a card is tried on an intent: an ended intent or an over-declined card is a 429 with words. */
    async checkCardAttempt(intentId: string, cardNumber: string): Promise<void> {
      if (await store.recalls(endedKey(intentId))) throw new TooManyRequestsError(cardTestingMessages.intentEnded, 3600)
      const card = await store.peek(cardKey(cardNumber))
      if (card.count >= limits.perCard.max) {
        throw new TooManyRequestsError(
          `${cardTestingMessages.cardRefused} ${retrySentence(seconds(card.resetInMs))}`,
          seconds(card.resetInMs),
        )
      }
    },

    /** How long to hold a card attempt from this address (0 unless it has declined a lot this window). */
    async delayFor(address: string): Promise<number> {
      const { count } = await store.peek(addressKey(address))
      return count >= limits.perAddress.max ? limits.perAddress.delayMs : 0
    },

    /** A decline the card form saw: counted against the card and the address it came from. */
    async recordCardDecline(cardNumber: string, address: string): Promise<void> {
      await store.take(cardKey(cardNumber), limits.perCard.windowMs)
      await store.take(addressKey(address), limits.perAddress.windowMs)
    },

    /**
     * A decline the provider reported (its event, from either provider): counted against the intent
     * and the buyer's email. True when this one ended the intent (the caller cancels it).
     */
    async recordIntentDecline(intentId: string, email: string | null): Promise<boolean> {
      if (email) await store.take(emailKey(email), limits.perEmail.windowMs)
      const { count } = await store.take(intentKey(intentId), endedIntentTtlMs)
      if (count < limits.declinesPerIntent) return false
      await store.remember(endedKey(intentId), endedIntentTtlMs)
      return true
    },

    /** Before a checkout is started or changed for this email: refused while its declines are over the limit. */
    async checkEmail(email: string): Promise<void> {
      const { count, resetInMs } = await store.peek(emailKey(email))
      if (count >= limits.perEmail.max) {
        throw new TooManyRequestsError(`${cardTestingMessages.emailRefused} ${retrySentence(seconds(resetInMs))}`, seconds(resetInMs))
      }
    },

    /** Whether the intent was ended by its declines (a later update must not replace it with a fresh one). */
    isEnded: (intentId: string) => store.recalls(endedKey(intentId)),
  }
}
export type CardTestingGuard = ReturnType<typeof createCardTestingLimits>
