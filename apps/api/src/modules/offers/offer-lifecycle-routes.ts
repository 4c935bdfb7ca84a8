import { bumpOfferSchema, freeOfferSchema, type OfferKind, offerInUseSchema, upsellOfferSchema } from '@funnelry/shared'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { offerIdParams } from '../../http/route-helpers.js'
import { requireSignIn } from '../../http/sign-in.js'
import type { OfferLifecycle } from './offer-lifecycle-service.js'
import type { OfferServices } from './offer-services.js'

type Options = { lifecycle: OfferLifecycle; offers: OfferServices }

/** Each kind's path, tag, and its seller's view of one offer (what the calls answer). */
const kinds = (offers: OfferServices) =>
  ({
    free: {
      path: '/free-product',
      tag: 'free offers',
      schema: freeOfferSchema,
      view: (sellerId: string, id: string) => offers.free.get(id, sellerId),
    },
    bump: {
      path: '/bump-offer',
      tag: 'bump offers',
      schema: bumpOfferSchema,
      view: (sellerId: string, id: string) => offers.bump.get(sellerId, id),
    },
    upsell: {
      path: '/upsell-offer',
      tag: 'upsell offers',
      schema: upsellOfferSchema,
      view: (sellerId: string, id: string) => offers.upsell.get(sellerId, id),
    },
  }) satisfies Record<OfferKind, { path: string; tag: string; schema: z.ZodType; view: (sellerId: string, id: string) => Promise<unknown> }>

/** Archive, restore, delete and duplicate for the three kinds of offer (docs/decisions/0021). */
export const offerLifecycleRoutes: FastifyPluginAsyncZod<Options> = async (app, { lifecycle, offers }) => {
  requireSignIn(app)

  for (const [kind, { path, tag, schema, view }] of Object.entries(kinds(offers)) as [OfferKind, ReturnType<typeof kinds>[OfferKind]][]) {
    const tags = [tag]
    const params = offerIdParams

    app.delete(
      `${path}/:id/`,
      {
        schema: {
          tags,
          summary: 'Delete an offer without leads or orders that no free offer uses (otherwise 409: archive or detach it)',
          params,
          response: { 204: z.null(), 409: offerInUseSchema },
        },
      },
      async (request, reply) => {
        await lifecycle.delete(kind, request.seller.id, request.params.id)
        return reply.code(204).send(null)
      },
    )

    app.get(
      `${path}/:id/deletable/`,
      {
        schema: {
          tags,
          summary: 'Whether a delete would go through now: 204, or the 409 the delete would answer (nothing is deleted)',
          params,
          response: { 204: z.null(), 409: offerInUseSchema },
        },
      },
      async (request, reply) => {
        await lifecycle.checkDelete(kind, request.seller.id, request.params.id)
        return reply.code(204).send(null)
      },
    )

    app.post(
      `${path}/:id/duplicate/`,
      { schema: { tags, summary: 'Copy an offer ("Copy of …"; a free offer’s copy starts inactive)', params, response: { 201: schema } } },
      async (request, reply) => {
        const copyId = await lifecycle.duplicate(kind, request.seller.id, request.params.id)
        return reply.code(201).send(await view(request.seller.id, copyId))
      },
    )

    app.post(
      `${path}/:id/archive/`,
      {
        schema: {
          tags,
          summary: 'Archive an offer: out of the lists and public pages, its leads and orders kept (409 while a free offer uses it)',
          params,
          response: { 200: schema, 409: offerInUseSchema },
        },
      },
      async (request) => {
        await lifecycle.archive(kind, request.seller.id, request.params.id)
        return view(request.seller.id, request.params.id)
      },
    )

    app.post(
      `${path}/:id/restore/`,
      { schema: { tags, summary: 'Bring an archived offer back into use', params, response: { 200: schema } } },
      async (request) => {
        await lifecycle.restore(kind, request.seller.id, request.params.id)
        return view(request.seller.id, request.params.id)
      },
    )
  }
}
