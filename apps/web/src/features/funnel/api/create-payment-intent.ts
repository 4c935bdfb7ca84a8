import type { CreatePaymentIntentInput, PaymentIntentResponse } from '@funnelry/shared'
import { publicRequest } from '../lib/public-request'

/**
 * POST /stripe/payment-intent/ — no auth (spec section 6). The body names only the visitor and
 * their choices; the server computes the amount. Errors carry a string `error` (section 8).
 */
export function createPaymentIntent(input: CreatePaymentIntentInput): Promise<PaymentIntentResponse> {
  return publicRequest('POST', '/stripe/payment-intent/', input)
}
