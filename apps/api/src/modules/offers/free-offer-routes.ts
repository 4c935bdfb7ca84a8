import {
  freeOfferActivationSchema,
  freeOfferFormSchema,
  freeOfferImageFields,
  freeOfferListSchema,
  freeOfferSchema,
  offerListQuerySchema,
} from '@funnelry/shared'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { type Owns, ownedBy, pathParam } from '../../http/public-page.js'
import { listUrlOf, offerIdParams, optionalAuthentication, viewerIdOf } from '../../http/route-helpers.js'
import { markOptionalSignIn } from '../../http/sign-in.js'
import { sendEncoded } from '../../lib/encoded-body.js'
import { NotFoundError } from '../../lib/errors.js'
import type { FreeOfferService } from './free-offer-service.js'
import { formBody } from './multipart-form.js'
import type { PublicOfferCache } from './public-offer-cache.js'

type Options = {
  freeOffers: FreeOfferService
  publicFreeOffers: PublicOfferCache
  ownsFreeOffer: Owns
  publicUrl: string
  maxUploadBytes: number
}

const tags = ['free offers']

export const freeOfferRoutes: FastifyPluginAsyncZod<Options> = async (
  app,
  { freeOffers, publicFreeOffers, ownsFreeOffer, publicUrl, maxUploadBytes },
) => {
  // onRequest, so nobody's upload is read before their token is checked.
  const signedIn = { onRequest: app.authenticate }
  const readForm = formBody({ fileFields: freeOfferImageFields, maxFileBytes: maxUploadBytes })

  app.get(
    '/free-product/',
    {
      ...signedIn,
      schema: {
        tags,
        summary: "The seller's free offers in use (or archived), searched by headline, newest or oldest first",
        querystring: offerListQuerySchema,
        response: { 200: freeOfferListSchema },
      },
    },
    (request) => freeOffers.list(request.seller.id, request.query, listUrlOf(publicUrl, request)),
  )

  app.post(
    '/free-product/',
    {
      ...signedIn,
      preValidation: readForm,
      schema: {
        tags,
        summary: 'Create a free offer',
        consumes: ['multipart/form-data'],
        body: freeOfferFormSchema,
        response: { 201: freeOfferSchema },
      },
    },
    async (request, reply) => reply.code(201).send(await freeOffers.create(request.seller.id, request.body)),
  )

  const signedInOrCustomDomain = optionalAuthentication(app)
  /** A visitor's read, from the cache; revalidated on every visit (ETag), so a deactivation shows at once. */
  const answerVisitor = async (id: string, request: FastifyRequest, reply: FastifyReply) => {
    const offer = await publicFreeOffers.get(id)
    if (!offer) throw new NotFoundError()
    reply.header('cache-control', 'no-cache')
    // A custom domain's answer depends on an ownership check: never replayed without it.
    return sendEncoded(request, reply, offer.json, { replayable: request.site.kind !== 'custom-domain' })
  }
  app.get(
    '/free-product/:id/',
    {
      // Read by the offer page; on a custom domain, for that seller's offers only.
      config: { publicPage: { ownedBy: ownedBy((request) => pathParam(request, 'id'), ownsFreeOffer) } },
      /**
       * A visitor on the platform's host is answered here, from the cache, before validation and
       * the handler: the hot path of an ad campaign. A signed-in reader (maybe the owner, who also
       * sees the download link) and a custom domain (whose ownership check runs at preValidation)
       * take the full route below.
       */
      onRequest: markOptionalSignIn(async (request: FastifyRequest, reply: FastifyReply) => {
        if (request.headers.authorization || request.site.kind === 'custom-domain') return signedInOrCustomDomain(request)
        return answerVisitor((request.params as { id: string }).id, request, reply)
      }),
      schema: { tags, summary: 'A free offer, for its public page (no auth)', params: offerIdParams, response: { 200: freeOfferSchema } },
    },
    async (request, reply) => {
      const viewerId = viewerIdOf(request)
      return viewerId ? freeOffers.get(request.params.id, viewerId) : answerVisitor(request.params.id, request, reply)
    },
  )

  app.put(
    '/free-product/:id/',
    {
      ...signedIn,
      preValidation: readForm,
      schema: {
        tags,
        summary: 'Replace a free offer (an image changes only when a file or an empty value is sent)',
        consumes: ['multipart/form-data'],
        params: offerIdParams,
        body: freeOfferFormSchema,
        response: { 200: freeOfferSchema },
      },
    },
    (request) => freeOffers.update(request.seller.id, request.params.id, request.body),
  )

  app.patch(
    '/free-product/:id/',
    {
      ...signedIn,
      preValidation: formBody({ fileFields: [], maxFileBytes: maxUploadBytes }),
      schema: {
        tags,
        summary: 'Activate or deactivate a free offer',
        consumes: ['multipart/form-data', 'application/json'],
        params: offerIdParams,
        body: freeOfferActivationSchema,
        response: { 200: freeOfferSchema },
      },
    },
    (request) => freeOffers.setActive(request.seller.id, request.params.id, request.body.is_active),
  )
}
