import { optionListSchema, sellerSchema, tokenPairSchema } from '@funnelry/shared'
import { delay, HttpResponse } from 'msw'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { apiHandler, noContent, server } from '../testing/msw'
import { apiClient, onSessionExpired } from './api-client'
import { ApiError, fieldErrors, nonFieldError } from './api-error'
import { getAccessToken, getRefreshToken, saveTokens } from './token-storage'

/** A protected endpoint that accepts only the token named `valid`, and a refresh endpoint that counts its calls. */
function mockApi({ valid = 'new-access', refresh = 'ok' as 'ok' | 'fail' } = {}) {
  const calls = { refresh: 0, protected: 0, authHeaders: [] as (string | null)[] }
  server.use(
    apiHandler('get', '/things/', optionListSchema, ({ request }) => {
      calls.protected += 1
      calls.authHeaders.push(request.headers.get('Authorization'))
      return request.headers.get('Authorization') === `Bearer ${valid}`
        ? HttpResponse.json(['a', 'b'])
        : HttpResponse.json({ detail: 'Your session has expired.' }, { status: 401 })
    }),
    apiHandler('post', '/authentication/token/refresh/', tokenPairSchema, async ({ request }) => {
      calls.refresh += 1
      // Slow enough that every concurrent 401 arrives while this refresh is still running.
      await delay(30)
      const body = (await request.json()) as { refresh?: string }
      if (refresh === 'fail' || body.refresh !== 'refresh-1') return HttpResponse.json({ detail: 'Token is invalid.' }, { status: 401 })
      return HttpResponse.json({ access: 'new-access', refresh: 'refresh-2' })
    }),
  )
  return calls
}

let unregister: (() => void) | undefined
afterEach(() => unregister?.())

describe('apiClient session refresh', () => {
  it('refreshes once for several concurrent 401s and retries every call', async () => {
    saveTokens({ access: 'expired-access', refresh: 'refresh-1' }, true)
    const calls = mockApi()

    const results = await Promise.all([1, 2, 3, 4].map(() => apiClient.get('/things/', { schema: optionListSchema })))

    expect(results).toEqual([
      ['a', 'b'],
      ['a', 'b'],
      ['a', 'b'],
      ['a', 'b'],
    ])
    expect(calls.refresh).toBe(1)
    expect(calls.protected).toBe(8)
    expect(getAccessToken()).toBe('new-access')
    // The server rotates refresh tokens: the spent one is replaced.
    expect(getRefreshToken()).toBe('refresh-2')
  })

  it('keeps a refreshed token where remember-me put the session', async () => {
    saveTokens({ access: 'expired-access', refresh: 'refresh-1' }, false)
    mockApi()

    await apiClient.get('/things/')

    expect(sessionStorage.getItem('access_token')).toBe('new-access')
    expect(sessionStorage.getItem('refresh_token')).toBe('refresh-2')
    expect(localStorage.getItem('access_token')).toBeNull()
    expect(localStorage.getItem('refresh_token')).toBeNull()
  })

  it('clears the session and signs out once when the refresh fails', async () => {
    saveTokens({ access: 'expired-access', refresh: 'refresh-1' }, true)
    const calls = mockApi({ refresh: 'fail' })
    const signedOut = vi.fn()
    unregister = onSessionExpired(signedOut)

    const results = await Promise.allSettled([apiClient.get('/things/'), apiClient.get('/things/')])

    for (const result of results) {
      expect(result.status).toBe('rejected')
      expect(result.status === 'rejected' && result.reason).toMatchObject({ status: 401 })
    }
    expect(calls.refresh).toBe(1)
    expect(signedOut).toHaveBeenCalledTimes(1)
    expect(getAccessToken()).toBeNull()
    expect(getRefreshToken()).toBeNull()
    expect(localStorage.getItem('is_authenticated')).toBeNull()
  })

  it('retries a call only once: a second 401 is returned, not refreshed again', async () => {
    saveTokens({ access: 'expired-access', refresh: 'refresh-1' }, true)
    const calls = mockApi({ valid: 'a-token-the-server-never-issues' })

    await expect(apiClient.get('/things/')).rejects.toMatchObject({ status: 401 })

    expect(calls.refresh).toBe(1)
    expect(calls.protected).toBe(2)
  })

  it('never refreshes for calls sent without auth, and sends them no bearer token', async () => {
    saveTokens({ access: 'expired-access', refresh: 'refresh-1' }, true)
    const calls = mockApi()
    const signedOut = vi.fn()
    unregister = onSessionExpired(signedOut)

    await expect(apiClient.get('/things/', { auth: false })).rejects.toMatchObject({ status: 401 })

    expect(calls.refresh).toBe(0)
    expect(calls.authHeaders).toEqual([null])
    expect(signedOut).not.toHaveBeenCalled()
    expect(getAccessToken()).toBe('expired-access')
  })

  it('does not refresh without a refresh token', async () => {
    const calls = mockApi()

    await expect(apiClient.get('/things/')).rejects.toMatchObject({ status: 401 })

    expect(calls.refresh).toBe(0)
  })
})

describe('apiClient requests and errors', () => {
  it('sends JSON bodies and query parameters, leaving out empty ones', async () => {
    let seen: { url: URL; contentType: string | null; body: unknown } | undefined
    server.use(
      apiHandler('post', '/echo/', optionListSchema, async ({ request }) => {
        seen = { url: new URL(request.url), contentType: request.headers.get('Content-Type'), body: await request.json() }
        return HttpResponse.json(['ok'], { status: 201 })
      }),
    )

    await expect(apiClient.post('/echo/', { body: { a: 1 }, params: { page: 2, search: undefined, empty: null } })).resolves.toEqual(['ok'])

    expect(seen?.url.pathname).toBe('/api/v1/echo/')
    expect(seen?.url.search).toBe('?page=2')
    expect(seen?.contentType).toBe('application/json')
    expect(seen?.body).toEqual({ a: 1 })
  })

  it('sends FormData as multipart, letting the browser set the boundary', async () => {
    let contentType: string | null = null
    let headline: FormDataEntryValue | null = null
    server.use(
      apiHandler('patch', '/free-product/1/', noContent, async ({ request }) => {
        contentType = request.headers.get('Content-Type')
        headline = (await request.formData()).get('headline')
        return new HttpResponse(null, { status: 204 })
      }),
    )
    const form = new FormData()
    form.set('headline', 'Free guide')

    await expect(apiClient.patch('/free-product/1/', { body: form })).resolves.toBeNull()

    expect(contentType).toMatch(/^multipart\/form-data; boundary=/)
    expect(headline).toBe('Free guide')
  })

  it('rejects with an ApiError carrying the status and the parsed body', async () => {
    server.use(
      apiHandler('post', '/seller/', sellerSchema, () =>
        HttpResponse.json(
          { website: ['Must be a valid URL starting with http:// or https://'], non_field_errors: ['Nope.'] },
          { status: 400 },
        ),
      ),
    )

    const error = await apiClient.post('/seller/', { body: {}, auth: false }).catch((caught: unknown) => caught)

    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ status: 400 })
    expect(nonFieldError(error)).toBe('Nope.')
    expect(fieldErrors(error)).toEqual({ website: 'Must be a valid URL starting with http:// or https://' })
  })

  it('turns an unreachable server into an ApiError with status 0', async () => {
    server.use(apiHandler('get', '/things/', optionListSchema, () => HttpResponse.error()))

    await expect(apiClient.get('/things/', { auth: false })).rejects.toMatchObject({ status: 0, data: null })
  })
})
