import {
  type DefaultBodyType,
  type HttpResponse,
  type HttpResponseResolver,
  http,
  type PathParams,
  type ResponseResolverReturnType,
} from 'msw'
import { setupServer } from 'msw/node'
import { z } from 'zod'
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

/** What a handler typed by schema `S` may answer: the schema's shape, or an API error. */
export type ApiAnswer<S extends z.ZodType> = (z.input<S> & DefaultBodyType) | ApiErrorBody

/**
 * A resolver that may answer only `ApiAnswer<S>`: for helpers that take a test's answer. Its answer
 * is spelled out rather than msw's conditional type, which TypeScript cannot resolve while `S` is
 * generic: this way a stand-in generic over the offer kind is still checked against its schema.
 */
export type ApiResolver<S extends z.ZodType> = (info: Parameters<HttpResponseResolver>[0]) => ApiReturn<S> | Promise<ApiReturn<S>>

/** msw's own answer types for a non-generic body (a plain `Response`, nothing), plus the schema's. */
type ApiReturn<S extends z.ZodType> = HttpResponse<ApiAnswer<S>> | ResponseResolverReturnType<ApiErrorBody>

/**
 * A handler for one API endpoint, typed by its schema in packages/shared: it may answer only
 * what the schema describes (or an API error), so a handler that answers the wrong shape fails
 * the type check instead of failing a test somewhere later. The schema is not run here.
 *
 *   apiHandler('get', '/bump-offer/:id/', bumpOfferSchema, () => HttpResponse.json(bumpOffer()))
 */
export function apiHandler<S extends z.ZodType>(method: Method, path: string, _schema: S, resolver: ApiResolver<S>) {
  return http[method]<PathParams, DefaultBodyType, DefaultBodyType>(api(path), resolver)
}

/**
 * What `apiHandler` takes for an answer that is not JSON: none at all (a 204), or a file's text
 * (the CSV exports). Nothing in packages/shared describes these, as nothing parses them.
 */
export const noContent = z.null()
export const fileText = z.string()
