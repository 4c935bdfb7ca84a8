import {
  detailErrorSchema,
  postPurchaseAcceptResultSchema,
  postPurchaseChoiceSchema,
  postPurchaseDeclineResultSchema,
  postPurchaseParamsSchema,
  postPurchaseStateSchema,
} from '@funnelry/shared'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { PostPurchaseService } from './post-purchase-service.js'

const tags = ['funnel']
const errors = { 404: detailErrorSchema, 409: detailErrorSchema }

/**
 * Decision D34's calls (no auth: the thank-you page's unguessable reference is the capability, as
 * for the receipt). Not limited per address, like the checkout (D24): buyers behind one carrier
 * address all press at once; a reference names one paid order, and each step is charged once.
 */
/** Decision D34's one-click offers after the payment, on the offer page's site: the receipt's reference is the capability. */
const publicStep = { publicPage: {} }

export const postPurchaseRoutes: FastifyPluginAsyncZod<{ postPurchase: PostPurchaseService }> = async (app, { postPurchase }) => {
  app.get(
    '/post-purchase/:receipt/',
    {
      config: publicStep,
      schema: {
        tags,
        summary: 'The one-click offer on screen after a paid checkout, or done (the thank-you page)',
        params: postPurchaseParamsSchema,
        response: { 200: postPurchaseStateSchema, 404: detailErrorSchema },
      },
    },
    async (request, reply) => reply.header('cache-control', 'no-store').send(await postPurchase.state(request.params.receipt)),
  )

  app.post(
    '/post-purchase/:receipt/accept/',
    {
      config: publicStep,
      schema: {
        tags,
        summary: "Charge the offer on screen to the first payment's card (the server's price; once per order and step)",
        params: postPurchaseParamsSchema,
        body: postPurchaseChoiceSchema,
        response: { 200: postPurchaseAcceptResultSchema, ...errors, 410: detailErrorSchema, 502: detailErrorSchema },
      },
    },
    (request) => postPurchase.accept(request.params.receipt, request.body),
  )

  app.post(
    '/post-purchase/:receipt/decline/',
    {
      config: publicStep,
      schema: {
        tags,
        summary: "Decline the offer on screen: its step's downsell, or the next step",
        params: postPurchaseParamsSchema,
        body: postPurchaseChoiceSchema,
        response: { 200: postPurchaseDeclineResultSchema, ...errors },
      },
    },
    (request) => postPurchase.decline(request.params.receipt, request.body),
  )
}
