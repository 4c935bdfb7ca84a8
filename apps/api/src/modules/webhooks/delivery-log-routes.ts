import { pageQuerySchema, webhookDeliveryListSchema, webhookDeliverySchema } from '@funnelry/shared'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { listUrlOf } from '../../http/route-helpers.js'
import type { DeliveryLogService } from './delivery-log-service.js'

type Options = { deliveries: DeliveryLogService; publicUrl: string }

/** Any string: a malformed id answers 404 like an unknown one. */
const deliveryIdParams = z.object({ id: z.string() })

export const deliveryLogRoutes: FastifyPluginAsyncZod<Options> = async (app, { deliveries, publicUrl }) => {
  const signedIn = { onRequest: app.authenticate }

  app.get(
    '/webhook-deliveries/',
    {
      ...signedIn,
      schema: {
        tags: ['settings'],
        summary: 'The CRM webhook delivery log, newest first, each with its latest attempt',
        querystring: pageQuerySchema,
        response: { 200: webhookDeliveryListSchema },
      },
    },
    (request) => deliveries.list(request.seller.id, request.query, listUrlOf(publicUrl, request)),
  )

  app.post(
    '/webhook-deliveries/:id/retry/',
    {
      ...signedIn,
      schema: {
        tags: ['settings'],
        summary: 'Queues a failed delivery again (400 when delivered or still being attempted)',
        params: deliveryIdParams,
        response: { 202: webhookDeliverySchema },
      },
    },
    async (request, reply) => reply.code(202).send(await deliveries.retry(request.seller.id, request.params.id)),
  )

  app.post(
    '/webhook-deliveries/test/',
    {
      ...signedIn,
      schema: {
        tags: ['settings'],
        summary: "Sends one signed webhook.test event to the seller's webhook now and logs it (400 when no webhook is saved)",
        response: { 201: webhookDeliverySchema },
      },
      // Each press makes a request to the seller's address and waits for it: a few a minute is plenty.
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
    },
    async (request, reply) => reply.code(201).send(await deliveries.sendTest(request.seller.id)),
  )
}
