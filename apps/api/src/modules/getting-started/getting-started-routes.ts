import { gettingStartedSchema } from '@funnelry/shared'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { GettingStartedService } from './getting-started-service.js'

export const gettingStartedRoutes: FastifyPluginAsyncZod<{ gettingStarted: GettingStartedService }> = async (app, { gettingStarted }) => {
  app.get(
    '/getting-started/',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['sellers'],
        summary: "The first-run checklist from the seller's own data, and their payment-question answer",
        response: { 200: gettingStartedSchema },
      },
    },
    (request) => gettingStarted.forSeller(request.seller.id),
  )
}
