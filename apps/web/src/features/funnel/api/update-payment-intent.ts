import { type PaymentIntentResponse, paymentIntentResponseSchema, type UpdatePaymentIntentInput } from '@funnelry/shared'
import { apiClient } from '../../../lib/api-client'

/** POST /stripe/update-payment-intent/ — no auth; a paid intent answers 400, an unknown one 404. */
export function updatePaymentIntent(input: UpdatePaymentIntentInput): Promise<PaymentIntentResponse> {
  return apiClient.post('/stripe/update-payment-intent/', { body: input, auth: false, schema: paymentIntentResponseSchema })
}
