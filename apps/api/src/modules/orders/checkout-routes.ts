import { createPaymentIntentSchema, paymentIntentResponseSchema, updatePaymentIntentSchema } from '@funnelry/shared'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { arrivalOfCookies } from '../../lib/arrival.js'
import type { CheckoutService } from './checkout-service.js'

/**
 * The public page's payment intent calls (spec section 7; no auth). Decision D24: not limited per
 * client address (buyers behind one carrier address all pay); card testing is stopped by its
 * declines (payments module, card-testing-limits.ts), and the service refuses an email with too many.
 */
export const checkoutRoutes: FastifyPluginAsyncZod<{ checkout: CheckoutService }> = async (app, { checkout }) => {
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
    async (request) => checkout.createIntent(request.body, arrivalOfCookies(request.headers.cookie)),
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
    async (request) => checkout.updateIntent(request.body),
  )
}
