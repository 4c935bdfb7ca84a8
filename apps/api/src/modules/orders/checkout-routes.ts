import { createPaymentIntentSchema, paymentIntentResponseSchema, updatePaymentIntentSchema } from '@funnelry/shared'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { arrivalOfCookies } from '../../lib/arrival.js'
import type { Conversions } from '../conversions/conversions-module.js'
import type { CheckoutService } from './checkout-service.js'

/**
 * The public page's payment intent calls (spec section 7; no auth). Decision D24: not limited per
 * client address (buyers behind one carrier address all pay); card testing is stopped by its
 * declines (payments module, card-testing-limits.ts), and the service refuses an email with too many.
 */
type Options = { checkout: CheckoutService; conversions: Pick<Conversions, 'checkoutStarted'> }

export const checkoutRoutes: FastifyPluginAsyncZod<Options> = async (app, { checkout, conversions }) => {
  app.post(
    '/stripe/payment-intent/',
    {
      schema: {
        tags: ['funnel'],
        summary: 'Create the order and its payment intent; a total of 0 completes a free order (decision D11)',
        body: createPaymentIntentSchema,
        response: { 200: paymentIntentResponseSchema },
      },
    },
    async (request, reply) => {
      const answer = await checkout.createIntent(request.body, arrivalOfCookies(request.headers.cookie))
      // The payment's Purchase event comes later without the visitor: keep this request's (D30).
      await conversions.checkoutStarted(answer.intent_id, request, reply)
      return answer
    },
  )

  app.post(
    '/stripe/update-payment-intent/',
    {
      schema: {
        tags: ['funnel'],
        summary: "Change the visitor's details or choices while the order is unpaid",
        body: updatePaymentIntentSchema,
        response: { 200: paymentIntentResponseSchema },
      },
    },
    async (request, reply) => {
      const answer = await checkout.updateIntent(request.body)
      await conversions.checkoutStarted(answer.intent_id, request, reply)
      return answer
    },
  )
}
