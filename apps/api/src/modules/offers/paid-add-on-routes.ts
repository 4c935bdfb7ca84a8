import { offerDropdownSchema, offerListQuerySchema } from '@funnelry/shared'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { z } from 'zod'
import { type Owns, ownedBy, pathParam } from '../../http/public-page.js'
import { listUrlOf, offerIdParams, optionalAuthentication, viewerIdOf } from '../../http/route-helpers.js'
import { formBody } from './multipart-form.js'
import type { PaidAddOnDefinition } from './paid-add-on-kinds.js'
import type { PaidAddOnKind } from './paid-add-on-repository.js'
import type { PaidAddOnService } from './paid-add-on-service.js'

/** What the routes need of a kind; the schemas check what passes through, so the handlers stay untyped. */
type RouteDefinition = Pick<PaidAddOnDefinition<PaidAddOnKind, unknown, unknown>, 'http'> & {
  schemas: { form: z.ZodType; item: z.ZodType; list: z.ZodType; imageFields: readonly string[] }
}

type Options = {
  publicUrl: string
  maxUploadBytes: number
  /** Whose one of this kind is, for a public read on a seller's custom domain. */
  owns?: Owns
}

/** The BUMP or upsell calls of spec section 7: the same five for both kinds, under the kind's path. */
export const paidAddOnRoutes =
  (definition: RouteDefinition, service: PaidAddOnService<unknown, unknown>): FastifyPluginAsyncZod<Options> =>
  async (app, { publicUrl, maxUploadBytes, owns }) => {
    const { path, label, tags, publicRead } = definition.http
    const { form: formSchema, item: itemSchema, list: listSchema, imageFields } = definition.schemas
    // onRequest, so nobody's upload is read before their token is checked.
    const signedIn = { onRequest: app.authenticate }
    const readForm = formBody({ fileFields: imageFields, maxFileBytes: maxUploadBytes })

    app.get(
      `/${path}/`,
      {
        ...signedIn,
        schema: {
          tags,
          summary: `The seller's ${label}s in use (or archived), searched by headline, newest or oldest first`,
          querystring: offerListQuerySchema,
          response: { 200: listSchema },
        },
      },
      (request) => service.list(request.seller.id, request.query, listUrlOf(publicUrl, request)),
    )

    app.get(
      `/${path}/dropdown/`,
      {
        ...signedIn,
        schema: { tags, summary: `All the seller's ${label}s for the free offer form`, response: { 200: offerDropdownSchema } },
      },
      (request) => service.dropdown(request.seller.id),
    )

    app.post(
      `/${path}/`,
      {
        ...signedIn,
        preValidation: readForm,
        schema: { tags, summary: `Create a ${label}`, consumes: ['multipart/form-data'], body: formSchema, response: { 201: itemSchema } },
      },
      async (request, reply) => reply.code(201).send(await service.create(request.seller.id, request.body)),
    )

    if (publicRead) {
      app.get(
        `/${path}/:id/`,
        {
          // Read by the offer page, and on a custom domain only the seller's own (without a check, on no public site).
          ...(owns ? { config: { publicPage: { ownedBy: ownedBy((request) => pathParam(request, 'id'), owns) } } } : {}),
          onRequest: optionalAuthentication(app),
          schema: {
            tags,
            summary: `A ${label}, for its preview and the funnel (no auth)`,
            params: offerIdParams,
            response: { 200: itemSchema },
          },
        },
        (request) => service.read(request.params.id, viewerIdOf(request)),
      )
    } else {
      app.get(
        `/${path}/:id/`,
        { ...signedIn, schema: { tags, summary: `One of the seller's ${label}s`, params: offerIdParams, response: { 200: itemSchema } } },
        (request) => service.get(request.seller.id, request.params.id),
      )
    }

    app.put(
      `/${path}/:id/`,
      {
        ...signedIn,
        preValidation: readForm,
        schema: {
          tags,
          summary: `Replace a ${label} (an image changes only when a file or an empty value is sent)`,
          consumes: ['multipart/form-data'],
          params: offerIdParams,
          body: formSchema,
          response: { 200: itemSchema },
        },
      },
      (request) => service.update(request.seller.id, request.params.id, request.body),
    )
  }
