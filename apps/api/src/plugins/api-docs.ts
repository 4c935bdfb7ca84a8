import fastifySwagger from '@fastify/swagger'
import fastifySwaggerUi from '@fastify/swagger-ui'
import type { FastifyInstance } from 'fastify'
import { jsonSchemaTransform } from 'fastify-type-provider-zod'

/**
 * The OpenAPI document is always built from the route schemas (`app.swagger()`, which tests read
 * to cover every route). Serving it at /api/docs is the operator's choice (API_DOCS): it lists
 * every call, which helps integrators and costs nothing to hide where nobody needs it.
 */
export async function registerApiDocs(app: FastifyInstance, { publicUrl, serveDocs }: { publicUrl: string; serveDocs: boolean }) {
  await app.register(fastifySwagger, {
    openapi: { info: { title: 'Funnelry API', version: '1.0.0' }, servers: [{ url: publicUrl }] },
    transform: jsonSchemaTransform,
  })
  if (serveDocs) await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' })
}
