import { ApiError } from '../../../lib/api-error'

/**
 * The public pages' calls to the API, without the dashboard's client (issue 11): no session, no
 * token refresh, no schema library. The server is the contract (packages/shared types); a failed
 * call throws the same ApiError the dashboard reads, so the spec's messages come out the same.
 */
export async function publicRequest<T>(method: 'GET' | 'POST', path: string, body?: unknown, signal?: AbortSignal): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' }
  if (body !== undefined) headers['Content-Type'] = 'application/json'
  let response: Response
  try {
    // Absolute, so the same code runs in the browser and under Node's fetch in tests.
    response = await fetch(new URL(`/api/v1${path}`, window.location.origin).href, {
      method,
      headers,
      body: body === undefined ? null : JSON.stringify(body),
      signal: signal ?? null,
    })
  } catch (error) {
    if (signal?.aborted) throw error
    throw new ApiError(0, null, 'The server could not be reached. Check your connection and try again.')
  }
  const text = await response.text()
  let data: unknown = text
  if ((response.headers.get('content-type') ?? '').includes('json') && text !== '') {
    try {
      data = JSON.parse(text)
    } catch {
      data = text
    }
  }
  if (!response.ok) throw new ApiError(response.status, data)
  return data as T
}
