import { leadCaptureResponseSchema, leadCaptureSchema } from '@funnelry/shared'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { LeadService } from './lead-service.js'

export const leadRoutes: FastifyPluginAsyncZod<{ leads: LeadService }> = async (app, { leads }) => {
  app.post(
    '/seller/webhook/notify/',
    {
      schema: {
        tags: ['funnel'],
        summary: 'Lead capture from a public offer page (decision D5); no auth',
        body: leadCaptureSchema,
        response: { 201: leadCaptureResponseSchema },
      },
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      await leads.capture(request.body)
      return reply.code(201).send({ status: 'subscribed' as const })
    },
  )
}
