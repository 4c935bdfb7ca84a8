import type { PaymentIntentResponse } from '@funnelry/shared'
import type { Ref } from 'react'

/** What confirming ended in. 'incomplete': the form shows its own message (e.g. an empty card field). */
export type PaymentOutcome = { status: 'succeeded' } | { status: 'failed'; message?: string } | { status: 'incomplete' }

/**
 * The one interface every provider's form implements, so the page's single submit button
 * ('Pay $X') can drive whichever form is mounted.
 */
export type PaymentFormHandle = {
  /** Confirms the payment without leaving the page when the method allows it; never throws. */
  confirm(): Promise<PaymentOutcome>
  /** Called after the intent was updated (bump or upsell changed): Stripe re-reads the amount. */
  refresh(): Promise<void>
}

/** An intent the visitor can pay: the provider answered with a client secret. */
export type PayableIntent = PaymentIntentResponse & { client_secret: string; provider: 'local' | 'stripe' }

export type PaymentFormProps = {
  intent: PayableIntent
  ref?: Ref<PaymentFormHandle>
  /** The visitor changed the card details (a decline message beside the form then goes away). */
  onCardChange?: () => void
}

export function isPayable(intent: PaymentIntentResponse | null): intent is PayableIntent {
  return intent !== null && intent.client_secret !== null && intent.provider !== 'none'
}
