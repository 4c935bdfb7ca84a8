import { localTestCards, paymentMessages } from '@funnelry/shared'
import { and, eq, inArray } from 'drizzle-orm'
import type { Database, Executor } from '../../../db/client.js'
import { localPaymentIntents } from '../payments-tables.js'
import { storeIntentsOnce } from './local-intents.js'
import { type PaymentIntent, type SavedCardCharge, type SavedCardChargeRequest, savedCardChargeOf } from './provider.js'

type IntentRow = typeof localPaymentIntents.$inferSelect

/** What the local test provider answers where Stripe would (decision D34's test cards). */
export const localSavedCardMessages = {
  insufficientFunds: 'Your card has insufficient funds.',
  notSaved: 'The card of this order was not saved.',
  authenticationFailed: paymentMessages.authenticationFailed,
} as const

/**
 * The code Stripe gives with each of those failures: the local intents store only the message, and
 * each message is one failure, so its code is known from it.
 */
export function localDeclineCode(lastError: string | null): string | null {
  if (lastError === localSavedCardMessages.insufficientFunds) return 'insufficient_funds'
  if (lastError === localSavedCardMessages.authenticationFailed) return 'payment_intent_authentication_failure'
  if (lastError === paymentMessages.cardDeclined) return 'generic_decline'
  return null
}

/** How a later charge of a saved test card goes: 3184 asks for authentication every time, 9995 is then declined. */
function outcomeFor(card: string | null): Pick<IntentRow, 'status' | 'lastError'> {
  if (card === localTestCards.authenticates) return { status: 'requires_action', lastError: null }
  if (card === localTestCards.declinedLater)
    return { status: 'requires_payment_method', lastError: localSavedCardMessages.insufficientFunds }
  return { status: 'succeeded', lastError: null }
}

/**
 * Decision D34, the local provider's one-click charges: each a new intent on the same account,
 * confirmed at once with the first payment's card. The outcome is written with the intent in one
 * insert, keyed by the idempotency key, so a replay or a concurrent retry answers with the same
 * intent and charges nothing new. Charges asked for together (buyers pressing at once) are read and
 * stored in one statement each; the answers are in the order of the requests.
 */
export async function chargeLocalSavedCards(
  db: Database,
  requests: SavedCardChargeRequest[],
  toIntent: (row: IntentRow) => PaymentIntent,
): Promise<SavedCardCharge[]> {
  const firsts = await db
    .select()
    .from(localPaymentIntents)
    .where(
      inArray(
        localPaymentIntents.id,
        requests.map((request) => request.firstIntentId),
      ),
    )
  const firstOf = (request: SavedCardChargeRequest) =>
    firsts.find(
      (row) => row.id === request.firstIntentId && row.accountId === request.accountId && row.saveCard && row.status === 'succeeded',
    )
  const chargeable = requests.flatMap((request) => {
    const first = firstOf(request)
    return first ? [{ request, first }] : []
  })
  const stored = await storeIntentsOnce(
    db,
    chargeable.map(({ request, first }) => ({
      accountId: request.accountId,
      amountCents: request.amountCents,
      currency: request.currency,
      metadata: request.metadata,
      idempotencyKey: request.idempotencyKey,
      card: first.card,
      savedFrom: first.id,
      ...outcomeFor(first.card),
    })),
  )
  return requests.map((request): SavedCardCharge => {
    if (!firstOf(request)) return { status: 'failed', intent: null, message: localSavedCardMessages.notSaved }
    const row = stored.get(request.idempotencyKey)
    if (!row) throw new Error('the local payment intent was not stored')
    return savedCardChargeOf(toIntent(row))
  })
}

/**
 * The local challenge page's Complete and Fail (decision D34): the intent waiting for authentication
 * is paid, or goes back to waiting for a payment method with the failure on it (as Stripe's does).
 * Null when no intent waits for authentication under this secret.
 */
export async function answerLocalChallenge(db: Executor, clientSecret: string, complete: boolean, at: Date): Promise<IntentRow | null> {
  const [row] = await db
    .update(localPaymentIntents)
    .set(
      complete
        ? { status: 'succeeded', lastError: null, updatedAt: at }
        : { status: 'requires_payment_method', lastError: localSavedCardMessages.authenticationFailed, updatedAt: at },
    )
    .where(and(eq(localPaymentIntents.clientSecret, clientSecret), eq(localPaymentIntents.status, 'requires_action')))
    .returning()
  return row ?? null
}
