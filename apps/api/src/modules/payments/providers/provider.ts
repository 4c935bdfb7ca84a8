import { type Currency, currencies } from '@funnelry/shared'

/**
 * The payment provider contract (decisions, "Payment providers"). Two implementations keep the
 * same behaviour: `stripe` (connected accounts, direct charges on the seller's account) and
 * `local` (a built-in test provider, so the product runs and is tested with no keys and no network).
 * Services hold a `PaymentProvider` and never know which one they have.
 */

export type ProviderName = 'local' | 'stripe'

export type AccountRequest = {
  sellerId: string
  email: string
  /** Decision D14: "Yes" lets the seller link the account they already have; "No" starts a new one. */
  hasExistingAccount: boolean
}

export type AccountStatus = {
  /** Stripe's `charges_enabled`: the account can take payments now. */
  chargesEnabled: boolean
}

/** Lower-case ISO 4217 code, as both providers spell it (the shared currency table's `code`). */
export type CurrencyCode = Currency['code']

export const isCurrencyCode = (value: string): value is CurrencyCode => currencies.some((currency) => currency.code === value)

/** A currency read back from a provider or the database; an unknown one is a bug, not user input. */
export function toCurrencyCode(value: string): CurrencyCode {
  const lower = value.toLowerCase()
  if (!isCurrencyCode(lower)) throw new Error(`unexpected currency ${value}`)
  return lower
}

export type IntentStatus = 'requires_payment_method' | 'requires_confirmation' | 'requires_action' | 'processing' | 'succeeded' | 'canceled'

export type PaymentIntent = {
  id: string
  /** Handed to the visitor's browser to confirm the payment; nothing else is. */
  clientSecret: string
  status: IntentStatus
  accountId: string
  amountCents: number
  currency: CurrencyCode
  metadata: Record<string, string>
  /** Why the last attempt failed (a declined card, a failed authentication), when it did. */
  lastError?: string | null
  /** The provider's code for that failure (Stripe's `decline_code`, else its error `code`), put in plain words for the buyer. */
  declineCode?: string | null
}

export type CreateIntentRequest = {
  /** The seller's connected account: charges are direct charges on it. */
  accountId: string
  amountCents: number
  currency: CurrencyCode
  metadata: Record<string, string>
  /** The same key returns the same intent (a retried request creates nothing new). */
  idempotencyKey: string
  /**
   * Decision D34: keep the card for the one-click offers after the payment (Stripe's
   * `setup_future_usage`, with a customer on the seller's account). Only when the consent line was shown.
   */
  saveCardFor?: { email: string; name: string } | undefined
}

/** Decision D34: a one-click charge of the card the first payment saved, on the same account. */
export type SavedCardChargeRequest = {
  accountId: string
  /** The first payment's intent, whose customer and card are charged. */
  firstIntentId: string
  amountCents: number
  currency: CurrencyCode
  metadata: Record<string, string>
  /** One per (order, step): a replayed or concurrent retry charges nothing new. */
  idempotencyKey: string
}

/** What a charge of a saved card came to: paid, waiting for the buyer's bank, or refused (nothing charged). */
export type SavedCardCharge =
  | { status: 'succeeded' | 'requires_action'; intent: PaymentIntent }
  | { status: 'failed'; intent: PaymentIntent | null; message: string; declineCode?: string | null }

export type UpdateIntentRequest = {
  accountId: string
  intentId: string
  amountCents?: number
  metadata?: Record<string, string>
}

/** Decision D35: gives back part or all of a succeeded payment, on the account that took it. */
export type RefundRequest = {
  accountId: string
  /** The payment that charged what is refunded: its intent (pi_…), or on Stripe its charge (ch_…). */
  intentId: string
  amountCents: number
  /** The same key returns the same refund: a retried or concurrent request never gives back twice. */
  idempotencyKey: string
  metadata: Record<string, string>
}

export type Refund = {
  id: string
  amountCents: number
  /** Card refunds succeed at once or stay pending for a while; `failed` and `canceled` gave nothing back. */
  status: 'succeeded' | 'pending' | 'failed' | 'canceled'
}

/** The provider events the product acts on; anything else arrives as `ignored`. */
export type PaymentEvent =
  | {
      type: 'payment_intent.succeeded' | 'payment_intent.payment_failed'
      eventId: string
      intentId: string
      accountId: string | null
      amountCents: number
      currency: string
      metadata: Record<string, string>
      /** Set for payment_failed: what the provider says went wrong. */
      failureMessage: string | null
    }
  | { type: 'account.updated'; eventId: string; accountId: string; chargesEnabled: boolean }
  | {
      /** Decision D35: Stripe's `refund.updated` and `charge.refunded`: where the refunds of a payment stand now. */
      type: 'refund.updated'
      eventId: string
      accountId: string | null
      refunds: SettledRefund[]
    }
  | { type: 'ignored'; eventId: string; providerType: string }

/** A refund as the provider reports it later (a `pending` one settles to succeeded, failed or canceled). */
export type SettledRefund = Refund & { metadata: Record<string, string> }

export interface PaymentProvider {
  readonly name: ProviderName

  // ---- Connect (settings issue)

  /**
   * Creates the seller's account with the provider. Idempotent per seller and answer, so a
   * retried or concurrent connect does not leave a second account behind. The caller stores it.
   */
  createOrGetAccount(request: AccountRequest): Promise<string>
  /** A fresh single-use link where the seller finishes onboarding; it returns to /thank-you-stripe. */
  onboardingUrl(accountId: string): Promise<string>
  /** Asks the provider (never a cache) whether the account can take charges. */
  refreshAccountStatus(accountId: string): Promise<AccountStatus>

  // ---- Payments (funnel issue)

  createIntent(request: CreateIntentRequest): Promise<PaymentIntent>
  /** Only while the intent still waits for a payment method; otherwise a PaymentError. */
  updateIntent(request: UpdateIntentRequest): Promise<PaymentIntent>
  retrieveIntent(accountId: string, intentId: string): Promise<PaymentIntent>
  /**
   * Closes an intent that must no longer be paid (the visitor's total went to 0). Only while it
   * still waits for a payment method; otherwise a PaymentError, and the intent stays as it is.
   */
  cancelIntent(accountId: string, intentId: string): Promise<PaymentIntent>
  /** Decision D35: a refund of a succeeded payment, idempotent per key; a PaymentError when the provider refuses it. */
  refund(request: RefundRequest): Promise<Refund>
  /** Decision D34: charges the saved card now (the buyer is on the page, so the bank may ask them to authenticate). */
  chargeSavedCard(request: SavedCardChargeRequest): Promise<SavedCardCharge>
  /** Verifies the signature over the exact raw body; throws WebhookRejectedError when it does not match. */
  parseWebhook(rawBody: Buffer | string, signatureHeader: string | undefined): PaymentEvent
}

/** A webhook whose signature does not verify, or whose body is not an event: answer 400 and do nothing. */
export class WebhookRejectedError extends Error {}

/** The provider could not be reached or refused the call for a reason that is not the visitor's. */
export class ProviderUnavailableError extends Error {}

/** Intent status values the provider reports, narrowed to the ones the contract names. */
export function toIntentStatus(status: string): IntentStatus {
  switch (status) {
    case 'requires_payment_method':
    case 'requires_confirmation':
    case 'requires_action':
    case 'processing':
    case 'succeeded':
    case 'canceled':
      return status
    default:
      // requires_capture and future states: not payable by the visitor any more.
      return 'processing'
  }
}

/** An intent's state as a charge of a saved card: paid, waiting for the buyer's bank, or failed (nothing charged). */
export function savedCardChargeOf(intent: PaymentIntent): SavedCardCharge {
  if (intent.status === 'succeeded' || intent.status === 'processing') return { status: 'succeeded', intent }
  if (intent.status === 'requires_action') return { status: 'requires_action', intent }
  return { status: 'failed', intent, message: intent.lastError ?? 'Your card was declined.', declineCode: intent.declineCode ?? null }
}
