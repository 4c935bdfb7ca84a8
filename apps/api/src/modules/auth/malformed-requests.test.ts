import { messages } from '@funnelry/shared'
import type { TestApp } from '../../../test/build-test-app.js'
import { signUpPayload } from '../../../test/factories.js'
import { describe, expect, test } from '../../../test/fixtures.js'

/** Every JSON call of the auth and sign-up area, with a body it would accept. */
const routes = [
  { url: '/api/v1/authentication/token/', valid: { email: 'someone@example.com', password: 'secret password' } },
  { url: '/api/v1/authentication/token/refresh/', valid: { refresh: 'x.y.z' } },
  { url: '/api/v1/authentication/logout/', valid: { refresh: 'x.y.z' } },
  { url: '/api/v1/authentication/validate-invite/', valid: { email: 'someone@example.com', token: 'abc' } },
  { url: '/api/v1/seller/', valid: { ...signUpPayload(), token: 'abc' } },
]

let address = 0
const nextAddress = () => {
  address += 1
  return `10.2.${Math.floor(address / 250)}.${(address % 250) + 1}`
}

describe('malformed requests to the auth and sign-up calls', () => {
  let ctx: TestApp
  test.beforeEach(async ({ app }) => {
    ctx = app
  })

  // Each request from its own address keeps the per-client limits out of these tests.
  const send = (url: string, body: string | Buffer, contentType = 'application/json') =>
    ctx.app.inject({ method: 'POST', url, body, headers: { 'content-type': contentType }, remoteAddress: nextAddress() })

  describe.each(routes)('POST $url', ({ url, valid }) => {
    test('answers 400 with a detail for a body that is not JSON', async () => {
      const response = await send(url, '{"email": ')
      expect(response.statusCode).toBe(400)
      expect(response.json()).toEqual({ detail: 'The request body is not valid JSON.' })
    })

    test('answers 400 with a detail for an empty JSON body', async () => {
      const response = await send(url, '')
      expect(response.statusCode).toBe(400)
      expect(response.json()).toEqual({ detail: 'The request body is empty; send a JSON object.' })
    })

    test.each([
      ['null', 'null'],
      ['an array', '[]'],
      ['a string', '"hello"'],
      ['a number', '42'],
    ])('answers 400 with a readable error for %s instead of an object', async (_name, body) => {
      const response = await send(url, body)
      expect(response.statusCode).toBe(400)
      expect(response.json()).toEqual({ detail: expect.any(String), non_field_errors: [expect.stringMatching(/expected object/)] })
    })

    test('answers 400 with field errors for fields of the wrong type', async () => {
      const wrong = Object.fromEntries(Object.keys(valid).map((key) => [key, { nested: true }]))
      const response = await send(url, JSON.stringify(wrong))
      expect(response.statusCode).toBe(400)
      const { detail, ...json } = response.json() as Record<string, unknown>
      expect(detail).toEqual(expect.any(String))
      expect(Object.keys(json).sort()).toEqual(Object.keys(valid).sort())
      for (const value of Object.values(json)) {
        expect(value).toEqual([expect.any(String)])
      }
    })

    test('answers 400 naming a field it does not accept', async () => {
      const response = await send(url, JSON.stringify({ ...valid, is_admin: true }))
      expect(response.statusCode).toBe(400)
      expect(response.json()).toEqual({ detail: expect.any(String), is_admin: ['This field is not accepted here.'] })
    })

    test('answers 400 for a prototype-polluting key', async () => {
      const response = await send(url, `{"__proto__": {"polluted": true}, ${JSON.stringify(valid).slice(1)}`)
      expect(response.statusCode).toBe(400)
      expect(({} as Record<string, unknown>).polluted).toBeUndefined()
    })

    test('answers 413 for a body over 1 MB', async () => {
      const big = JSON.stringify({ ...valid, padding: 'x'.repeat(1024 * 1024) })
      const response = await send(url, big)
      expect(response.statusCode).toBe(413)
      expect(response.json()).toEqual({ detail: 'The request body is too large.' })
    })

    test.each(['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/xml'])(
      'answers 415 for content type %s',
      async (contentType) => {
        const response = await send(url, JSON.stringify(valid), contentType)
        expect(response.statusCode).toBe(415)
        expect(response.json()).toEqual({ detail: 'This content type is not accepted here; send JSON.' })
      },
    )

    test('answers 400, not 500, for a request with no body at all', async () => {
      const response = await ctx.app.inject({ method: 'POST', url, remoteAddress: nextAddress() })
      expect(response.statusCode).toBe(400)
      expect(response.json()).toEqual({ detail: expect.any(String), non_field_errors: [expect.stringMatching(/expected object/)] })
    })
  })

  test('keeps the spec messages for wrong types on the log-in call', async () => {
    const response = await send('/api/v1/authentication/token/', JSON.stringify({ email: 42, password: false }))
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({ detail: expect.any(String), email: [messages.emailRequired], password: [messages.passwordRequired] })
  })
})
