import { pixelIdParamsSchema, pixelInputSchema, pixelListSchema, pixelPatchSchema, pixelSchema } from '@funnelry/shared'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { requireSignIn } from '../../http/sign-in.js'
import type { PixelService } from './pixel-service.js'

export const pixelRoutes: FastifyPluginAsyncZod<{ pixels: PixelService }> = async (app, { pixels }) => {
  // onRequest: an unauthenticated caller learns nothing, not even whether its body would validate.
  requireSignIn(app)

  app.get(
    '/advertising-pixel/',
    { schema: { tags: ['settings'], summary: "The caller's advertising pixels, oldest first", response: { 200: pixelListSchema } } },
    (request) => pixels.list(request.seller.id),
  )

  app.post(
    '/advertising-pixel/',
    {
      schema: {
        tags: ['settings'],
        summary: 'Add a Facebook or Google pixel script (D7)',
        body: pixelInputSchema,
        response: { 201: pixelSchema },
      },
    },
    async (request, reply) => reply.code(201).send(await pixels.create(request.seller.id, request.body)),
  )

  app.patch(
    '/advertising-pixel/:id/',
    {
      schema: {
        tags: ['settings'],
        summary: "Change a pixel's type or script",
        params: pixelIdParamsSchema,
        body: pixelPatchSchema,
        response: { 200: pixelSchema },
      },
    },
    (request) => pixels.update(request.seller.id, request.params.id, request.body),
  )

  app.delete(
    '/advertising-pixel/:id/',
    { schema: { tags: ['settings'], summary: 'Delete a pixel', params: pixelIdParamsSchema, response: { 204: z.null() } } },
    async (request, reply) => {
      await pixels.remove(request.seller.id, request.params.id)
      return reply.code(204).send(null)
    },
  )
}
