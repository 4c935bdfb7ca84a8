import { type CreatePaymentIntentInput, type PaymentIntentResponse, paymentIntentResponseSchema } from '@funnelry/shared'
import { apiClient } from '../../../lib/api-client'

/**
 * POST /stripe/payment-intent/ — no auth (spec section 6). The body names only the visitor and
 * their choices; the server computes the amount. Errors carry a string `error` (section 8).
 */
export function createPaymentIntent(input: CreatePaymentIntentInput): Promise<PaymentIntentResponse> {
  return apiClient.post('/stripe/payment-intent/', { body: input, auth: false, schema: paymentIntentResponseSchema })
}
