import type { LocalConfirmInput, LocalConfirmSuccess } from '@funnelry/shared'
import { publicRequest } from '../lib/public-request'

/**
 * POST /payments/local/confirm/ — the local test provider's stand-in for Stripe's confirmation.
 * A decline answers 400 `{status: 'failed', error}`; the caller reads `error` with paymentErrorMessage.
 * `requires_action` (decision D34, 4000 0027 6000 3184): the local challenge page must be answered.
 */
export function confirmLocalPayment(input: LocalConfirmInput): Promise<LocalConfirmSuccess> {
  return publicRequest('POST', '/payments/local/confirm/', input)
}
