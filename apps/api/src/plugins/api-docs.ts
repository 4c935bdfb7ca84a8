import fastifySwagger from '@fastify/swagger'
import fastifySwaggerUi from '@fastify/swagger-ui'
import type { FastifyInstance } from 'fastify'
import { completeDocument, describeRoute, securitySchemes } from './openapi-document.js'

/**
 * The OpenAPI document is always built from the route schemas (`app.swagger()`, which tests read
 * to cover every route). Serving it at /api/docs is the operator's choice (API_DOCS): it lists
 * every call, which helps integrators and costs nothing to hide where nobody needs it.
 */
export async function registerApiDocs(app: FastifyInstance, { publicUrl, serveDocs }: { publicUrl: string; serveDocs: boolean }) {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Funnelry API',
        version: '1.0.0',
        description:
          'Every error answer is JSON with a `detail`; a 400 adds the fields at fault keyed by field (`non_field_errors` for the request as a whole), and payment calls add `error`. Paths are shown without their trailing slash; the server answers both spellings.',
      },
      servers: [{ url: publicUrl }],
      components: { securitySchemes },
    },
    transform: describeRoute(app),
    transformObject: completeDocument,
  })
  if (serveDocs) await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' })
}
