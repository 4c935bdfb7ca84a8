import { leadCaptureResponseSchema, leadCaptureSchema } from '@funnelry/shared'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { arrivalOfCookies } from '../../lib/arrival.js'
import { clientAddressKey } from '../../plugins/rate-limits.js'
import type { LeadService } from './lead-service.js'

export const leadRoutes: FastifyPluginAsyncZod<{ leads: LeadService }> = async (app, { leads }) => {
  app.post(
    '/seller/webhook/notify/',
    {
      schema: {
        tags: ['funnel'],
        summary: 'Lead capture from a public offer page (decisions D5, D22); no auth',
        body: leadCaptureSchema,
        response: { 201: leadCaptureResponseSchema },
      },
    },
    async (request, reply) => {
      const { leadId } = await leads.capture(request.body, clientAddressKey(request), arrivalOfCookies(request.headers.cookie))
      return reply.code(201).send({ status: 'subscribed' as const, id: leadId })
    },
  )
}
