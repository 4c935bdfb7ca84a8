import {
  bumpOfferFormSchema,
  bumpOfferImageFields,
  bumpOfferListSchema,
  bumpOfferSchema,
  offerDropdownSchema,
  pageQuerySchema,
} from '@funnelry/shared'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { BumpOfferService } from './bump-offer-service.js'
import { formBody } from './multipart-form.js'
import { listUrlOf, offerIdParams } from './route-helpers.js'

type Options = { bumpOffers: BumpOfferService; publicUrl: string; maxUploadBytes: number }

const tags = ['bump offers']

export const bumpOfferRoutes: FastifyPluginAsyncZod<Options> = async (app, { bumpOffers, publicUrl, maxUploadBytes }) => {
  // Every bump call is the seller's own; onRequest, so no upload is read before the token is checked.
  app.addHook('onRequest', app.authenticate)
  const readForm = formBody({ fileFields: bumpOfferImageFields, maxFileBytes: maxUploadBytes })

  app.get(
    '/bump-offer/',
    {
      schema: {
        tags,
        summary: "The seller's bump offers, newest first",
        querystring: pageQuerySchema,
        response: { 200: bumpOfferListSchema },
      },
    },
    (request) => bumpOffers.list(request.seller.id, request.query, listUrlOf(publicUrl, request)),
  )

  app.get(
    '/bump-offer/dropdown/',
    { schema: { tags, summary: "All the seller's bump offers for the free offer form", response: { 200: offerDropdownSchema } } },
    (request) => bumpOffers.dropdown(request.seller.id),
  )

  app.post(
    '/bump-offer/',
    {
      preValidation: readForm,
      schema: {
        tags,
        summary: 'Create a bump offer',
        consumes: ['multipart/form-data'],
        body: bumpOfferFormSchema,
        response: { 201: bumpOfferSchema },
      },
    },
    async (request, reply) => reply.code(201).send(await bumpOffers.create(request.seller.id, request.body)),
  )

  app.get(
    '/bump-offer/:id/',
    { schema: { tags, summary: 'One of the seller’s bump offers', params: offerIdParams, response: { 200: bumpOfferSchema } } },
    (request) => bumpOffers.get(request.seller.id, request.params.id),
  )

  app.put(
    '/bump-offer/:id/',
    {
      preValidation: readForm,
      schema: {
        tags,
        summary: 'Replace a bump offer (the image changes only when a file or an empty value is sent)',
        consumes: ['multipart/form-data'],
        params: offerIdParams,
        body: bumpOfferFormSchema,
        response: { 200: bumpOfferSchema },
      },
    },
    (request) => bumpOffers.update(request.seller.id, request.params.id, request.body),
  )
}
