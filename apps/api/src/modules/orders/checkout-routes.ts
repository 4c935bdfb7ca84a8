import { createPaymentIntentSchema, paymentIntentResponseSchema, updatePaymentIntentSchema } from '@funnelry/shared'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { bodyField, type Owns, ownedBy } from '../../http/public-page.js'
import { arrivalOfCookies } from '../../lib/arrival.js'
import type { Conversions } from '../conversions/conversions-module.js'
import type { SplitVisits } from '../leads/leads-module.js'
import type { CheckoutService } from './checkout-service.js'

/**
 * The public page's payment intent calls (spec section 7; no auth). Decision D24: not limited per
 * client address (buyers behind one carrier address all pay); card testing is stopped by its
 * declines (payments module, card-testing-limits.ts), and the service refuses an email with too many.
 */
type Options = {
  checkout: CheckoutService
  conversions: Pick<Conversions, 'checkoutStarted'>
  splitVisits?: SplitVisits | undefined
  ownsFreeOffer: Owns
  ownsIntent: Owns
}

export const checkoutRoutes: FastifyPluginAsyncZod<Options> = async (
  app,
  { checkout, conversions, splitVisits, ownsFreeOffer, ownsIntent },
) => {
  app.post(
    '/stripe/payment-intent/',
    {
      // The offer page's checkout; on a custom domain, for that seller's offers only.
      config: { publicPage: { ownedBy: ownedBy((request) => bodyField(request, 'product_id'), ownsFreeOffer) } },
      schema: {
        tags: ['funnel'],
        summary: 'Create the order and its payment intent; a total of 0 completes a free order (decision D11)',
        body: createPaymentIntentSchema,
        response: { 200: paymentIntentResponseSchema },
      },
    },
    async (request, reply) => {
      const { cookie } = request.headers
      // Issue 27: the split-test variant the visitor saw prices the order and is kept with it.
      const variantId = splitVisits ? await splitVisits.visitorVariantId(request.body.product_id, cookie) : null
      const { response, sellerId } = await checkout.createIntent(request.body, arrivalOfCookies(cookie), variantId)
      // The payment's Purchase event comes later without the visitor: keep this request's (D30).
      await conversions.checkoutStarted({ sellerId, orderId: response.intent_id }, request, reply)
      return response
    },
  )

  app.post(
    '/stripe/update-payment-intent/',
    {
      config: { publicPage: { ownedBy: ownedBy((request) => bodyField(request, 'intent_id'), ownsIntent) } },
      schema: {
        tags: ['funnel'],
        summary: "Change the visitor's details or choices while the order is unpaid",
        body: updatePaymentIntentSchema,
        response: { 200: paymentIntentResponseSchema },
      },
    },
    async (request, reply) => {
      const { response, sellerId } = await checkout.updateIntent(request.body)
      await conversions.checkoutStarted({ sellerId, orderId: response.intent_id }, request, reply)
      return response
    },
  )
}
