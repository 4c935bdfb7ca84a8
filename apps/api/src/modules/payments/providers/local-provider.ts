import { and, eq } from 'drizzle-orm'
import type { Database, Executor } from '../../../db/client.js'
import { firstRow } from '../../../db/first-row.js'
import { batchedCalls, batchedWrites } from '../../../lib/batched-calls.js'
import { PaymentError } from '../../../lib/errors.js'
import { paymentAccountRepository } from '../payment-account-repository.js'
import { localPaymentIntents } from '../payments-tables.js'
import type { LinkSigner } from './link-signer.js'
import { confirmLocalIntent, eventFor, type LocalConfirmResult, payWaitingBatched, type SignedEvent } from './local-confirm.js'
import { localToken, storeIntentsOnce } from './local-intents.js'
import { refundLocalPayment } from './local-refunds.js'
import { answerLocalChallenge, chargeLocalSavedCards, localDeclineCode } from './local-saved-card.js'
import {
  type CreateIntentRequest,
  type PaymentIntent,
  type PaymentProvider,
  type SavedCardCharge,
  type SavedCardChargeRequest,
  toCurrencyCode,
  toIntentStatus,
  type UpdateIntentRequest,
} from './provider.js'
import { signProviderEvent, verifyProviderEvent } from './provider-events.js'

/**
 * The built-in test provider (decisions, "Payment providers"): same contract as Stripe, no keys,
 * no network. Accounts are rows of payment_accounts (approved on a local onboarding page),
 * intents are rows of local_payment_intents, events are Stripe-shaped and Stripe-signed with a
 * secret of this installation.
 */
export type LocalPaymentProvider = PaymentProvider & {
  readonly name: 'local'
  /** What the local onboarding page's buttons do: 'Approve' enables charges, 'Leave incomplete' does not. */
  completeOnboarding(accountId: string, approved: boolean): Promise<boolean>
  /** Checks the token of a local onboarding link. */
  verifyOnboardingToken(accountId: string, token: string | undefined): boolean
  /** Signs an event body so that `parseWebhook` accepts it (the local stand-in for Stripe's delivery). */
  signWebhook(rawBody: string): string
  /** The test card form's "Pay": 4242… succeeds, 4000 0000 0000 0002 is declined; returns the signed event to deliver. */
  confirmWithTestCard(clientSecret: string, cardNumber: string): Promise<LocalConfirmResult>
  /**
   * The local challenge page (decision D34): Complete pays the intent waiting for authentication,
   * Fail refuses it. A checkout's own payment comes with its signed event to deliver (as a confirm's);
   * a one-click charge's owner asks the provider again instead (`event` null).
   */
  answerChallenge(clientSecret: string, complete: boolean): Promise<{ intent: PaymentIntent; event: SignedEvent | null } | null>
  /** The payment waiting for authentication under this secret, or null. */
  findChallenge(clientSecret: string): Promise<PaymentIntent | null>
}

export const localOnboardingPath = '/api/v1/payments/local/onboarding/'
const onboardingPurpose = 'local-onboarding'

/**
 * What Stripe lets a checkout still change or cancel: an intent waiting for a card, or for the
 * buyer's authentication (a challenge left unanswered, e.g. by a reload at the card form).
 */
const changeable = (status: string) => status === 'requires_payment_method' || status === 'requires_action'

type Deps = {
  db: Database
  publicUrl: string
  signer: LinkSigner
  now: () => Date
  /** Queues the settlement of a paid intent in the transaction that records the payment (local-confirm.ts). */
  settleLater?: ((tx: Executor, intentIds: string[]) => Promise<void>) | undefined
}

export function createLocalPaymentProvider({ db, publicUrl, signer, now, settleLater }: Deps): LocalPaymentProvider {
  const webhookSecret = `whsec_local_${signer.sign('local-webhooks', 'v1')}`

  const toIntent = (row: typeof localPaymentIntents.$inferSelect): PaymentIntent => ({
    id: row.id,
    clientSecret: row.clientSecret,
    status: toIntentStatus(row.status),
    accountId: row.accountId,
    amountCents: row.amountCents,
    currency: toCurrencyCode(row.currency),
    metadata: row.metadata,
    lastError: row.lastError,
    declineCode: localDeclineCode(row.lastError),
  })

  const findIntent = async (accountId: string, intentId: string) => {
    const row = await firstRow(db.select().from(localPaymentIntents).where(eq(localPaymentIntents.id, intentId)))
    // Like Stripe, an intent of another account does not exist for this one.
    if (!row || row.accountId !== accountId) throw new PaymentError('This payment was not found.', 404)
    return row
  }

  /**
   * Intents asked for together (concurrent checkouts) are stored in one statement. A repeated key
   * answers with the intent the first request created, as Stripe does.
   */
  const createIntents = batchedCalls(async (requests: CreateIntentRequest[]) => {
    const byKey = await storeIntentsOnce(
      db,
      requests.map((request) => ({
        accountId: request.accountId,
        amountCents: request.amountCents,
        currency: request.currency,
        status: 'requires_payment_method' as const,
        metadata: request.metadata,
        idempotencyKey: request.idempotencyKey,
        saveCard: request.saveCardFor !== undefined,
      })),
    )
    return requests.map((request) => {
      const row = byKey.get(request.idempotencyKey)
      if (!row) throw new Error('the local payment intent was not stored')
      return row
    })
  })

  const payWaiting = batchedCalls(payWaitingBatched({ db, now, settleLater }))

  // One-click charges of buyers pressing together (issue 26) are read and stored together; a batch
  // that fails is redone one charge at a time, so one bad charge fails only its own press.
  const chargeSavedCards = batchedWrites(
    (requests: SavedCardChargeRequest[]) => chargeLocalSavedCards(db, requests, toIntent),
    async (request) => (await chargeLocalSavedCards(db, [request], toIntent))[0] as SavedCardCharge,
  )

  return {
    name: 'local',

    async createOrGetAccount() {
      // The caller keeps one account per seller; a fresh id is all an unused local account is.
      return `acct_local_${localToken(18)}`
    },

    async onboardingUrl(accountId) {
      const query = new URLSearchParams({ account: accountId, token: signer.sign(onboardingPurpose, accountId) })
      return `${publicUrl}${localOnboardingPath}?${query.toString()}`
    },

    async refreshAccountStatus(accountId) {
      const row = await paymentAccountRepository.findByAccount(db, 'local', accountId)
      return { chargesEnabled: row?.chargesEnabled ?? false }
    },

    async completeOnboarding(accountId, approved) {
      const rows = await paymentAccountRepository.setChargesEnabled(db, 'local', accountId, approved, now())
      return rows.length > 0
    },

    verifyOnboardingToken: (accountId, given) => signer.verify(onboardingPurpose, accountId, given),

    createIntent: async (request: CreateIntentRequest) => toIntent(await createIntents(request)),

    async updateIntent(request: UpdateIntentRequest) {
      const row = await findIntent(request.accountId, request.intentId)
      if (!changeable(row.status)) throw new PaymentError('This payment can no longer be changed.')
      const newAmount = request.amountCents !== undefined && request.amountCents !== row.amountCents
      const [updated] = await db
        .update(localPaymentIntents)
        .set({
          ...(newAmount ? { amountCents: request.amountCents } : {}),
          // Like Stripe: a new amount voids the authentication asked for the old one; the card is asked again.
          ...(newAmount && row.status === 'requires_action' ? { status: 'requires_payment_method' as const } : {}),
          ...(request.metadata === undefined ? {} : { metadata: { ...row.metadata, ...request.metadata } }),
          updatedAt: now(),
        })
        // Checked again in the update itself: a payment confirmed or authenticated in between keeps its amount.
        .where(and(eq(localPaymentIntents.id, row.id), eq(localPaymentIntents.status, row.status)))
        .returning()
      if (!updated) throw new PaymentError('This payment can no longer be changed.')
      return toIntent(updated)
    },

    async retrieveIntent(accountId, intentId) {
      return toIntent(await findIntent(accountId, intentId))
    },

    async cancelIntent(accountId, intentId) {
      const row = await findIntent(accountId, intentId)
      if (!changeable(row.status)) throw new PaymentError('This payment can no longer be changed.')
      const [canceled] = await db
        .update(localPaymentIntents)
        .set({ status: 'canceled', updatedAt: now() })
        .where(and(eq(localPaymentIntents.id, row.id), eq(localPaymentIntents.status, row.status)))
        .returning()
      if (!canceled) throw new PaymentError('This payment can no longer be changed.')
      return toIntent(canceled)
    },

    refund: (request) => refundLocalPayment(db, request),
    chargeSavedCard: chargeSavedCards,

    async findChallenge(clientSecret) {
      const row = await firstRow(
        db
          .select()
          .from(localPaymentIntents)
          .where(and(eq(localPaymentIntents.clientSecret, clientSecret), eq(localPaymentIntents.status, 'requires_action'))),
      )
      return row ? toIntent(row) : null
    },

    async answerChallenge(clientSecret, complete) {
      const at = now()
      const row = await db.transaction(async (tx) => {
        const answered = await answerLocalChallenge(tx, clientSecret, complete, at)
        // A checkout's own payment is recorded as a confirm records it: its settlement queued with it.
        if (answered?.status === 'succeeded' && !answered.savedFrom) await settleLater?.(tx, [answered.id])
        return answered
      })
      if (!row) return null
      const type = row.status === 'succeeded' ? 'payment_intent.succeeded' : 'payment_intent.payment_failed'
      const sign = (rawBody: string) => signProviderEvent(rawBody, webhookSecret)
      return { intent: toIntent(row), event: row.savedFrom ? null : eventFor(row, type, at, sign) }
    },

    parseWebhook: (rawBody, signatureHeader) => verifyProviderEvent(rawBody, signatureHeader, webhookSecret),

    signWebhook: (rawBody) => signProviderEvent(rawBody, webhookSecret),

    confirmWithTestCard: (clientSecret, cardNumber) =>
      confirmLocalIntent(
        { db, now, sign: (rawBody) => signProviderEvent(rawBody, webhookSecret), settleLater, payWaiting },
        clientSecret,
        cardNumber,
      ),
  }
}
