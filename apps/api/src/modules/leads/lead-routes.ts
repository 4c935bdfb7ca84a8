import { leadCaptureResponseSchema, leadCaptureSchema } from '@funnelry/shared'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { arrivalOfCookies } from '../../lib/arrival.js'
import { clientAddressKey } from '../../plugins/rate-limits.js'
import type { Conversions } from '../conversions/conversions-module.js'
import type { LeadService } from './lead-service.js'

export const leadRoutes: FastifyPluginAsyncZod<{ leads: LeadService; conversions: Pick<Conversions, 'leadCaptured'> }> = async (
  app,
  { leads, conversions },
) => {
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
      const { leadId, sellerId } = await leads.capture(request.body, clientAddressKey(request), arrivalOfCookies(request.headers.cookie))
      // The ad platforms' server events need this request (the visitor's IP, browser and cookies).
      await conversions.leadCaptured({ sellerId, leadId, email: request.body.email, fullName: request.body.full_name }, request, reply)
      return reply.code(201).send({ status: 'subscribed' as const, id: leadId })
    },
  )
}
