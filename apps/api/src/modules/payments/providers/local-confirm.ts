import { randomBytes } from 'node:crypto'
import { localTestCards, normalizeCardNumber, paymentMessages } from '@funnelry/shared'
import { and, eq, inArray, type SQL } from 'drizzle-orm'
import type { Database, Executor } from '../../../db/client.js'
import { firstRow } from '../../../db/first-row.js'
import { localPaymentIntents } from '../payments-tables.js'

/**
 * The local test provider's card form "Pay" button: what Stripe.js `confirmPayment` does for a
 * card, followed by the event Stripe would then send. The event is Stripe-shaped and signed, so the
 * caller hands it to the same `parseWebhook` and event handler as a real webhook delivery.
 */

type IntentRow = typeof localPaymentIntents.$inferSelect

/** A Stripe-shaped event body and its `Stripe-Signature` header. */
export type SignedEvent = { rawBody: string; signature: string }

export type LocalConfirmResult =
  | { status: 'succeeded'; event: SignedEvent }
  /** Decision D34: 3184 waits for the local challenge page's answer (`answerLocalChallenge`); nothing is paid yet. */
  | { status: 'requires_action' }
  | { status: 'failed'; statusCode: 400 | 404; error: string; event: SignedEvent | null }

type Deps = {
  db: Database
  now: () => Date
  sign: (rawBody: string) => string
  /**
   * Queues the settlement of a paid intent in the transaction that records the payment, so a
   * process that dies before handling the event leaves the work to a job worker (issue 23).
   */
  settleLater?: ((tx: Executor, intentIds: string[]) => Promise<void>) | undefined
  /** The usual case, batched with the confirms arriving at the same time (`payWaitingBatched`). */
  payWaiting: (clientSecret: string) => Promise<IntentRow | undefined>
}

const closedMessage = 'This payment is closed. Please reload the page.'

export function eventFor(row: IntentRow, type: 'payment_intent.succeeded' | 'payment_intent.payment_failed', at: Date, sign: Deps['sign']) {
  const rawBody = JSON.stringify({
    id: `evt_local_${randomBytes(12).toString('hex')}`,
    object: 'event',
    type,
    account: row.accountId,
    created: Math.floor(at.getTime() / 1000),
    livemode: false,
    data: {
      object: {
        id: row.id,
        object: 'payment_intent',
        amount: row.amountCents,
        currency: row.currency,
        status: row.status,
        metadata: row.metadata,
        last_payment_error: row.lastError ? { message: row.lastError } : null,
      },
    },
  })
  return { rawBody, signature: sign(rawBody) }
}

/** Marks the intent paid if it still waits for a payment, with its settlement queued in the same transaction. */
const payIf = (deps: Deps, waiting: SQL | undefined, at: Date, card: string) =>
  deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(localPaymentIntents)
      // The card is kept: decision D34's later charges of a saved test card behave by its number.
      .set({ status: 'succeeded', lastError: null, card, updatedAt: at })
      .where(waiting)
      .returning()
    if (row) await deps.settleLater?.(tx, [row.id])
    return row
  })

/**
 * The good card on intents that wait for it, for confirms arriving together (a campaign's buyers):
 * one transaction marks them all paid and queues their settlements (docs/decisions/
 * checkout-at-campaign-scale.md). Each secret's row goes to one caller only: a second confirm of
 * the same intent in the batch gets nothing and answers from the state the first left.
 */
export const payWaitingBatched =
  (deps: Omit<Deps, 'payWaiting' | 'sign'>) =>
  async (clientSecrets: string[]): Promise<(IntentRow | undefined)[]> => {
    const at = deps.now()
    const rows = await deps.db.transaction(async (tx) => {
      const paid = await tx
        .update(localPaymentIntents)
        .set({ status: 'succeeded', lastError: null, card: localTestCards.succeeds, updatedAt: at })
        .where(and(inArray(localPaymentIntents.clientSecret, clientSecrets), eq(localPaymentIntents.status, 'requires_payment_method')))
        .returning()
      if (paid.length > 0)
        await deps.settleLater?.(
          tx,
          paid.map((row) => row.id),
        )
      return paid
    })
    const bySecret = new Map(rows.map((row) => [row.clientSecret, row]))
    return clientSecrets.map((secret) => {
      const row = bySecret.get(secret)
      bySecret.delete(secret)
      return row
    })
  }

/** The cards a first payment succeeds with: 4242, and decision D34's 9995 (declined only on later charges). */
const paysFirstTime = (card: string) => card === localTestCards.succeeds || card === localTestCards.declinedLater

/** The cards the local card form takes: those, the declined one, and 3184, which asks for authentication first. */
const knownCard = (card: string) => paysFirstTime(card) || card === localTestCards.declined || card === localTestCards.authenticates

export async function confirmLocalIntent(deps: Deps, clientSecret: string, cardNumber: string): Promise<LocalConfirmResult> {
  const { db, now, sign } = deps
  const card = normalizeCardNumber(cardNumber)
  // The usual case first, in one statement: the good card on an intent that waits for it (issue 22).
  if (card === localTestCards.succeeds) {
    const paid = await deps.payWaiting(clientSecret)
    if (paid) return { status: 'succeeded', event: eventFor(paid, 'payment_intent.succeeded', paid.updatedAt, sign) }
  }
  const row = await firstRow(db.select().from(localPaymentIntents).where(eq(localPaymentIntents.clientSecret, clientSecret)))
  if (!row) return { status: 'failed', statusCode: 404, error: paymentMessages.intentNotFound, event: null }
  if (!knownCard(card)) {
    return { status: 'failed', statusCode: 400, error: paymentMessages.useTestCard, event: null }
  }
  // Paid already (a double click, or a retry after the fulfilment failed): answer the same and send
  // the event again; fulfilment happens once per order however often it arrives.
  if (row.status === 'succeeded') return { status: 'succeeded', event: eventFor(row, 'payment_intent.succeeded', now(), sign) }
  // An intent waiting for authentication still takes a card: the buyer may give up the challenge and use
  // another one, as Stripe lets a new payment method replace the one that asked for 3-D Secure.
  const payable = ['requires_payment_method', 'requires_action'] as const
  if (!payable.some((status) => status === row.status)) return { status: 'failed', statusCode: 400, error: closedMessage, event: null }

  const at = now()
  const waiting = and(eq(localPaymentIntents.id, row.id), inArray(localPaymentIntents.status, [...payable]))
  if (card === localTestCards.authenticates) {
    // Decision D34: 3184 asks for authentication on every charge, this first payment included.
    const [asking] = await db
      .update(localPaymentIntents)
      .set({ status: 'requires_action', card, lastError: null, updatedAt: at })
      .where(waiting)
      .returning()
    if (!asking) return confirmLocalIntent(deps, clientSecret, cardNumber)
    return { status: 'requires_action' }
  }
  if (card === localTestCards.declined) {
    // Like Stripe: a decline leaves the intent payable, with the reason on it.
    const [declined] = await db
      .update(localPaymentIntents)
      .set({ status: 'requires_payment_method', lastError: paymentMessages.cardDeclined, updatedAt: at })
      .where(waiting)
      .returning()
    if (!declined) return confirmLocalIntent(deps, clientSecret, cardNumber)
    return {
      status: 'failed',
      statusCode: 400,
      error: paymentMessages.cardDeclined,
      event: eventFor(declined, 'payment_intent.payment_failed', at, sign),
    }
  }
  const paid = await payIf(deps, waiting, at, card)
  // Another confirm or a cancel got there first: answer from the state it left.
  if (!paid) return confirmLocalIntent(deps, clientSecret, cardNumber)
  return { status: 'succeeded', event: eventFor(paid, 'payment_intent.succeeded', at, sign) }
}
