import {
  offerDropdownSchema,
  pageQuerySchema,
  upsellOfferFormSchema,
  upsellOfferImageFields,
  upsellOfferListSchema,
  upsellOfferSchema,
} from '@funnelry/shared'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { formBody } from './multipart-form.js'
import { listUrlOf, offerIdParams, optionalAuthentication, viewerIdOf } from './route-helpers.js'
import type { UpsellOfferService } from './upsell-offer-service.js'

type Options = { upsellOffers: UpsellOfferService; publicUrl: string; maxUploadBytes: number }

const tags = ['upsell (OTO) offers']

export const upsellOfferRoutes: FastifyPluginAsyncZod<Options> = async (app, { upsellOffers, publicUrl, maxUploadBytes }) => {
  // onRequest, so nobody's upload is read before their token is checked.
  const signedIn = { onRequest: app.authenticate }
  const readForm = formBody({ fileFields: upsellOfferImageFields, maxFileBytes: maxUploadBytes })

  app.get(
    '/upsell-offer/',
    {
      ...signedIn,
      schema: {
        tags,
        summary: "The seller's OTO offers, newest first",
        querystring: pageQuerySchema,
        response: { 200: upsellOfferListSchema },
      },
    },
    (request) => upsellOffers.list(request.seller.id, request.query, listUrlOf(publicUrl, request)),
  )

  app.get(
    '/upsell-offer/dropdown/',
    {
      ...signedIn,
      schema: { tags, summary: "All the seller's OTO offers for the free offer form", response: { 200: offerDropdownSchema } },
    },
    (request) => upsellOffers.dropdown(request.seller.id),
  )

  app.post(
    '/upsell-offer/',
    {
      ...signedIn,
      preValidation: readForm,
      schema: {
        tags,
        summary: 'Create an OTO offer',
        consumes: ['multipart/form-data'],
        body: upsellOfferFormSchema,
        response: { 201: upsellOfferSchema },
      },
    },
    async (request, reply) => reply.code(201).send(await upsellOffers.create(request.seller.id, request.body)),
  )

  app.get(
    '/upsell-offer/:id/',
    {
      onRequest: optionalAuthentication(app),
      schema: {
        tags,
        summary: 'An OTO offer, for its preview and the funnel (no auth)',
        params: offerIdParams,
        response: { 200: upsellOfferSchema },
      },
    },
    (request) => upsellOffers.get(request.params.id, viewerIdOf(request)),
  )

  app.put(
    '/upsell-offer/:id/',
    {
      ...signedIn,
      preValidation: readForm,
      schema: {
        tags,
        summary: 'Replace an OTO offer (an image changes only when a file or an empty value is sent)',
        consumes: ['multipart/form-data'],
        params: offerIdParams,
        body: upsellOfferFormSchema,
        response: { 200: upsellOfferSchema },
      },
    },
    (request) => upsellOffers.update(request.seller.id, request.params.id, request.body),
  )
}
