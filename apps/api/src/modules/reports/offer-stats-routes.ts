import { offerStatsQuerySchema, offerStatsSchema } from '@funnelry/shared'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { offerIdParams } from '../../lib/route-helpers.js'
import type { OfferStatsService } from './offer-stats-service.js'

type Options = { stats: OfferStatsService }

const tags = ['free offers']

export const offerStatsRoutes: FastifyPluginAsyncZod<Options> = async (app, { stats }) => {
  app.post(
    '/free-product/:id/view/',
    {
      schema: {
        tags,
        summary: 'Counts one view of a public offer page (no auth; sent once per page load, never in preview)',
        params: offerIdParams,
        response: { 204: z.null() },
      },
      // Per client address: one visitor reloading cannot inflate the numbers much.
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      await stats.countView(request.params.id)
      return reply.code(204).send(null)
    },
  )

  app.get(
    '/free-product/:id/stats/',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "A free offer's funnel numbers (views, opt-ins, orders, take rates, revenue); optional inclusive UTC days",
        params: offerIdParams,
        querystring: offerStatsQuerySchema,
        response: { 200: offerStatsSchema },
      },
    },
    (request) => stats.forOffer(request.seller.id, request.params.id, request.query),
  )
}
