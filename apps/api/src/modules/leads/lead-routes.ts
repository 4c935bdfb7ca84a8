import { leadCaptureResponseSchema, leadCaptureSchema } from '@funnelry/shared'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { clientAddressKey } from '../../http/client-address.js'
import { bodyField, type Owns, ownedBy } from '../../http/public-page.js'
import { arrivalOfCookies } from '../../lib/arrival.js'
import type { Conversions } from '../conversions/conversions-module.js'
import type { LeadService } from './lead-service.js'

type Options = { leads: LeadService; conversions: Pick<Conversions, 'leadCaptured'>; ownsFreeOffer: Owns }

export const leadRoutes: FastifyPluginAsyncZod<Options> = async (app, { leads, conversions, ownsFreeOffer }) => {
  app.post(
    '/seller/webhook/notify/',
    {
      // The offer page's opt-in form; on a custom domain, for that seller's offers only.
      config: { publicPage: { ownedBy: ownedBy((request) => bodyField(request, 'product_id'), ownsFreeOffer) } },
      schema: {
        tags: ['funnel'],
        summary: 'Lead capture from a public offer page (decisions D5, D22); no auth',
        body: leadCaptureSchema,
        response: { 201: leadCaptureResponseSchema },
      },
    },
    async (request, reply) => {
      const { leadId, sellerId } = await leads.capture(
        request.body,
        clientAddressKey(request),
        arrivalOfCookies(request.headers.cookie),
        request.headers.cookie,
      )
      // The ad platforms' server events need this request (the visitor's IP, browser and cookies).
      await conversions.leadCaptured({ sellerId, leadId, email: request.body.email, fullName: request.body.full_name }, request, reply)
      return reply.code(201).send({ status: 'subscribed' as const, id: leadId })
    },
  )
}
