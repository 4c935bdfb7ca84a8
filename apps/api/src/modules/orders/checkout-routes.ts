import { createPaymentIntentSchema, paymentIntentResponseSchema, updatePaymentIntentSchema } from '@funnelry/shared'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { CheckoutService } from './checkout-service.js'

/**
 * The public page's payment intent calls (spec section 7; no auth). Limited per client: an honest
 * visitor makes one create and a handful of updates (bump ticked and unticked, upsell, details).
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
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request) => checkout.createIntent(request.body),
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
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
    },
    async (request) => checkout.updateIntent(request.body),
  )
}
