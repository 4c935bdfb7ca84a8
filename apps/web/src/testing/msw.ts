import { type DefaultBodyType, type HttpResponseResolver, http, type PathParams } from 'msw'
import { setupServer } from 'msw/node'
import type { z } from 'zod'
import { apiBaseUrl } from '../lib/api-client'

/**
 * The one mock API of the web tests. setup.ts starts it for every test file, resets its handlers
 * after each test and fails any request no handler answers. Add handlers with `server.use(...)`.
 */
export const server = setupServer()

/** The pattern of an API path for MSW handlers: `http.get(api('/free-product/'), …)`. */
export const api = (path: string) => `*${apiBaseUrl}${path}`

export function startMockApi() {
  server.listen({ onUnhandledRequest: 'error' })
}

export function resetMockApi() {
  server.resetHandlers()
}

export function stopMockApi() {
  server.close()
}

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete'

/** What the API answers instead when it refuses: `{detail}`, or messages by field. */
export type ApiErrorBody = { detail: string } | Record<string, string[]>

type Answer<S extends z.ZodType> = (z.input<S> & DefaultBodyType) | ApiErrorBody

/**
 * A handler for one API endpoint, typed by its schema in packages/shared: it may answer only
 * what the schema describes (or an API error), so a handler that answers the wrong shape fails
 * the type check instead of failing a test somewhere later. The schema is not run here.
 *
 *   apiHandler('get', '/bump-offer/:id/', bumpOfferSchema, () => HttpResponse.json(bumpOffer()))
 */
export function apiHandler<S extends z.ZodType>(
  method: Method,
  path: string,
  _schema: S,
  resolver: HttpResponseResolver<PathParams, DefaultBodyType, Answer<S>>,
) {
  return http[method]<PathParams, DefaultBodyType, Answer<S>>(api(path), resolver)
}
