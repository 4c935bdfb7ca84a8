import type { FastifyInstance } from 'fastify'
import { z } from 'zod'

/** The API's calls; the pages (`/free-offer/…?utm_source=…`) take whatever a link carries. */
const apiPrefix = '/api/v1/'

/**
 * Unknown query parameters are refused like unknown body fields (issue 23): a misspelt filter
 * (`?serach=`) answers 400 naming it instead of silently listing everything. One hook for every
 * API route, so a route added later is covered: a query schema becomes strict, and a route that
 * declares none takes no query at all. Register it before the routes.
 */
export function refuseUnknownQueryParameters(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (!route.url?.startsWith(apiPrefix)) return
    const schema = route.schema ?? {}
    const query = schema.querystring
    if (query === undefined) route.schema = { ...schema, querystring: z.strictObject({}) }
    else if (query instanceof z.ZodObject) route.schema = { ...schema, querystring: query.strict() }
  })
}
