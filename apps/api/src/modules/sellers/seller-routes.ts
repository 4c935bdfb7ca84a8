import { optionListSchema, sellerSchema, signUpSchema } from '@funnelry/shared'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { SellerService } from './seller-service.js'

export const sellerRoutes: FastifyPluginAsyncZod<{ sellers: SellerService }> = async (app, { sellers }) => {
  app.post(
    '/seller/',
    {
      schema: {
        tags: ['sellers'],
        summary: 'Sign up with an invitation (decision D15)',
        body: signUpSchema,
        response: { 201: sellerSchema },
      },
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
    },
    async (request, reply) => reply.code(201).send(await sellers.signUp(request.body)),
  )

  app.get(
    '/seller/business-industries/',
    { schema: { tags: ['sellers'], summary: 'Options of the Business Industry select', response: { 200: optionListSchema } } },
    () => sellers.industries(),
  )

  app.get(
    '/seller/staff-members/',
    { schema: { tags: ['sellers'], summary: 'Options of the Staff Members select', response: { 200: optionListSchema } } },
    () => sellers.staffMembers(),
  )
}
