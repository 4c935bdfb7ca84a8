import { type LocalConfirmInput, localConfirmSuccessSchema } from '@funnelry/shared'
import { apiClient } from '../../../lib/api-client'

/**
 * POST /payments/local/confirm/ — the local test provider's stand-in for Stripe's confirmation.
 * A decline answers 400 `{status: 'failed', error}`; the caller reads `error` with paymentErrorMessage.
 */
export function confirmLocalPayment(input: LocalConfirmInput): Promise<{ status: 'succeeded' }> {
  return apiClient.post('/payments/local/confirm/', { body: input, auth: false, schema: localConfirmSuccessSchema })
}
