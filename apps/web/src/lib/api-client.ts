import { tokenPairSchema } from '@funnelry/shared'
import type { z } from 'zod'
import { ApiError } from './api-error'
import { clearTokens, getAccessToken, getRefreshToken, saveRefreshedTokens } from './token-storage'

export const apiBaseUrl = '/api/v1'

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
export type QueryParams = Record<string, string | number | boolean | null | undefined>

export type RequestOptions<S extends z.ZodType | undefined = undefined> = {
  /** A JSON-serialisable value, or FormData for the multipart calls. */
  body?: unknown
  /** Query string; null and undefined values are left out. */
  params?: QueryParams
  /**
   * Whether the call needs the seller's access token (default true). Calls the spec sends
   * without auth pass false: they carry no bearer token and never trigger a refresh.
   */
  auth?: boolean
  /** Parses the response body; the result is typed by it. */
  schema?: S
  signal?: AbortSignal
}

export type ApiResult<S> = S extends z.ZodType ? z.output<S> : unknown

let sessionExpiredHandler: (() => void) | null = null

/**
 * Registers what happens after the session could not be refreshed (tokens are already cleared):
 * the app sends the person to the log-in page. A callback keeps the router out of this module.
 */
export function onSessionExpired(handler: () => void): () => void {
  sessionExpiredHandler = handler
  return () => {
    if (sessionExpiredHandler === handler) sessionExpiredHandler = null
  }
}

function buildUrl(path: string, params: QueryParams = {}): string {
  // Absolute so that the same code runs in the browser and under Node's fetch in tests.
  const url = new URL(`${apiBaseUrl}${path}`, window.location.origin)
  for (const [key, value] of Object.entries(params)) {
    if (value !== null && value !== undefined) url.searchParams.set(key, String(value))
  }
  return url.href
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text()
  if (text === '') return null
  if (!(response.headers.get('content-type') ?? '').includes('json')) return text
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}

/** One HTTP exchange, no retries. The spec sets no timeout, so none is added. */
async function send<S extends z.ZodType | undefined>(
  method: Method,
  path: string,
  options: RequestOptions<S>,
  accessToken: string | null,
): Promise<ApiResult<S>> {
  const headers = new Headers({ Accept: 'application/json' })
  if (accessToken) headers.set('Authorization', `Bearer ${accessToken}`)
  let body: BodyInit | undefined
  if (options.body instanceof FormData) body = options.body
  else if (options.body !== undefined) {
    headers.set('Content-Type', 'application/json')
    body = JSON.stringify(options.body)
  }

  let response: Response
  try {
    response = await fetch(buildUrl(path, options.params), { method, headers, body, signal: options.signal })
  } catch (error) {
    // A cancelled query must stay a cancellation for TanStack Query.
    if (options.signal?.aborted) throw error
    throw new ApiError(0, null, 'The server could not be reached. Check your connection and try again.')
  }

  const data = await readBody(response)
  if (!response.ok) throw new ApiError(response.status, data)
  return (options.schema ? options.schema.parse(data) : data) as ApiResult<S>
}

let pendingRefresh: Promise<boolean> | null = null

/** Every caller that meets a 401 while a refresh is running waits for that same refresh. */
function refreshSession(): Promise<boolean> {
  pendingRefresh ??= runRefresh().finally(() => {
    pendingRefresh = null
  })
  return pendingRefresh
}

async function runRefresh(): Promise<boolean> {
  const refresh = getRefreshToken()
  if (!refresh) return false
  try {
    // The answer carries a new refresh token too: the one sent is spent (rotation).
    const tokens = await send('POST', '/authentication/token/refresh/', { body: { refresh }, schema: tokenPairSchema }, null)
    saveRefreshedTokens(tokens, refresh)
    return true
  } catch (error) {
    // Unreachable server: the session may still be good, so keep it and let the call fail.
    if (error instanceof ApiError && error.status === 0) return false
    clearTokens()
    sessionExpiredHandler?.()
    return false
  }
}

async function request<S extends z.ZodType | undefined = undefined>(
  method: Method,
  path: string,
  options: RequestOptions<S> = {},
): Promise<ApiResult<S>> {
  const auth = options.auth ?? true
  const sentWith = auth ? getAccessToken() : null
  try {
    return await send(method, path, options, sentWith)
  } catch (error) {
    if (!auth || !(error instanceof ApiError) || error.status !== 401) throw error
    const current = getAccessToken()
    // A refresh that finished while this call was in flight already gave a new token.
    const renewed = (current !== null && current !== sentWith) || (getRefreshToken() !== null && (await refreshSession()))
    if (!renewed) throw error
    // The single retry: a second 401 is returned to the caller as it is.
    return send(method, path, options, getAccessToken())
  }
}

/**
 * The one API client. Paths are relative to /api/v1 and keep the spec's trailing slash.
 *
 *   apiClient.get('/free-product/', { params: { page: 2 }, schema: freeOfferPageSchema })
 *   apiClient.post('/authentication/token/', { body: { email, password }, auth: false, schema: tokenPairSchema })
 *   apiClient.patch(`/free-product/${id}/`, { body: formData })
 *
 * Failures reject with ApiError ({ status, data }); see api-error.ts for reading its messages.
 */
export const apiClient = {
  get: <S extends z.ZodType | undefined = undefined>(path: string, options?: Omit<RequestOptions<S>, 'body'>) =>
    request<S>('GET', path, options),
  post: <S extends z.ZodType | undefined = undefined>(path: string, options?: RequestOptions<S>) => request<S>('POST', path, options),
  put: <S extends z.ZodType | undefined = undefined>(path: string, options?: RequestOptions<S>) => request<S>('PUT', path, options),
  patch: <S extends z.ZodType | undefined = undefined>(path: string, options?: RequestOptions<S>) => request<S>('PATCH', path, options),
  delete: <S extends z.ZodType | undefined = undefined>(path: string, options?: RequestOptions<S>) => request<S>('DELETE', path, options),
}
