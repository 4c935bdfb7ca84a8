import type { LocalConfirmInput } from '@funnelry/shared'
import { publicRequest } from '../lib/public-request'

/**
 * POST /payments/local/confirm/ — the local test provider's stand-in for Stripe's confirmation.
 * A decline answers 400 `{status: 'failed', error}`; the caller reads `error` with paymentErrorMessage.
 */
export function confirmLocalPayment(input: LocalConfirmInput): Promise<{ status: 'succeeded' }> {
  return publicRequest('POST', '/payments/local/confirm/', input)
}
