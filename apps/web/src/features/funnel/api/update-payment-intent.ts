import type { PaymentIntentResponse, UpdatePaymentIntentInput } from '@funnelry/shared'
import { publicRequest } from '../lib/public-request'

/** POST /stripe/update-payment-intent/ — no auth; a paid intent answers 400, an unknown one 404. */
export function updatePaymentIntent(input: UpdatePaymentIntentInput): Promise<PaymentIntentResponse> {
  return publicRequest('POST', '/stripe/update-payment-intent/', input)
}
