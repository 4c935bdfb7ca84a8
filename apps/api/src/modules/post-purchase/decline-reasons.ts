/**
 * Issue 26: a refused one-click charge tells the buyer why, in plain words, from the provider's
 * decline code (Stripe's `decline_code`, else its error `code`; the local provider gives the same).
 * A code not listed here is still a decline: the buyer hears that much rather than a provider's jargon.
 */
const reasons: Record<string, string> = {
  insufficient_funds: 'your card was declined (insufficient funds)',
  expired_card: 'your card has expired',
  lost_card: 'your card was declined (reported lost)',
  stolen_card: 'your card was declined (reported stolen)',
  card_velocity_exceeded: 'your card was declined (its spending limit was reached)',
  withdrawal_count_limit_exceeded: 'your card was declined (its spending limit was reached)',
  do_not_honor: 'your card was declined by your bank',
  payment_intent_authentication_failure: 'your bank did not confirm the payment',
  authentication_required: 'your bank asked for a confirmation that was not given',
  processing_error: 'your bank could not process the payment',
}

export const declineReason = (code: string | null | undefined): string => (code && reasons[code]) || 'your card was declined'
