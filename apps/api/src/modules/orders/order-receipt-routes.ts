import { detailErrorSchema, orderReceiptSchema, orderReferenceParamsSchema } from '@funnelry/shared'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { OrderReceipts } from './order-receipts.js'

/** The thank-you page's summary of what was bought (no auth: the unguessable reference is the key). */
export const orderReceiptRoutes: FastifyPluginAsyncZod<{ receipts: OrderReceipts }> = async (app, { receipts }) => {
  app.get(
    '/order-receipts/:reference/',
    {
      schema: {
        tags: ['funnel'],
        summary: 'The items and total of an order, by the reference its intent answers carry (valid for an hour)',
        params: orderReferenceParamsSchema,
        response: { 200: orderReceiptSchema, 404: detailErrorSchema },
      },
      // The page reads it once, and again a few times while a payment's event is on its way.
      // The thank-you page's summary: its unguessable reference is the capability.
      config: { rateLimit: { max: 60, timeWindow: '1 minute' }, publicPage: {} },
    },
    async (request, reply) => reply.header('cache-control', 'no-store').send(await receipts.read(request.params.reference)),
  )
}
