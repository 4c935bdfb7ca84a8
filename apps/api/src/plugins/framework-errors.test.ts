import type net from 'node:net'
import type { TestApp } from '../../test/build-test-app.js'
import { describe, expect, test } from '../../test/fixtures.js'
import { rawRequest } from '../../test/raw-request.js'

const longPath = `/api/v1/free-product/${'a'.repeat(5000)}/`
const hugeHeader = `X-Padding: ${'a'.repeat(20_000)}`

describe('errors raised by the framework, in the product shape', () => {
  let ctx: TestApp
  let port: number
  test.beforeEach(async ({ app }) => {
    ctx = app
    await ctx.app.listen({ port: 0, host: '127.0.0.1' })
    port = (ctx.app.server.address() as net.AddressInfo).port
  })

  test('answers an unknown API path 404 with a detail', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/no-such-thing/' })
    expect(response.statusCode).toBe(404)
    expect(response.json()).toEqual({ detail: 'Not found.' })
  })

  test('answers a known path asked with another method 405, naming the methods it takes', async () => {
    const response = await ctx.app.inject({ method: 'PUT', url: '/api/v1/health/' })
    expect(response.statusCode).toBe(405)
    expect(response.headers.allow).toBe('GET, HEAD')
    expect(response.json()).toEqual({ detail: 'Method "PUT" not allowed.' })

    const login = await ctx.app.inject({ method: 'GET', url: '/api/v1/authentication/token/' })
    expect(login.statusCode).toBe(405)
    expect(login.headers.allow).toBe('POST')
  })

  test('answers a 5,000-character path 414 without echoing it', async () => {
    const response = await rawRequest(port, `GET ${longPath} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`)
    expect(response.status).toBe(414)
    expect(JSON.parse(response.body)).toEqual({ detail: 'The address is too long.' })
    expect(response.headers + response.body).not.toContain('aaaaaaaaaa')
  })

  test('answers a path with a broken % escape 400 without echoing it', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/free-product/%zz-marker/' })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({ detail: 'The address is not valid: a % must start an escape such as %20.' })
  })

  test('answers oversized headers 431 with a detail', async () => {
    const response = await rawRequest(port, `GET /api/v1/health/ HTTP/1.1\r\nHost: localhost\r\n${hugeHeader}\r\n\r\n`)
    expect(response.status).toBe(431)
    expect(response.headers).toMatch(/content-type: application\/json/i)
    expect(JSON.parse(response.body)).toEqual({ detail: 'The request headers are too large.' })
  })

  test('answers unparseable HTTP 400 with a detail', async () => {
    const response = await rawRequest(port, 'NOT HTTP AT ALL\r\n\r\n')
    expect(response.status).toBe(400)
    expect(JSON.parse(response.body)).toEqual({ detail: 'The request is not valid HTTP.' })
  })

  test.each([
    ['431', `HEAD /api/v1/health/ HTTP/1.1\r\nHost: localhost\r\n${hugeHeader}\r\n\r\n`, 431],
    ['414', `HEAD ${longPath} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`, 414],
    ['404', 'HEAD /api/v1/no-such-thing/ HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n', 404],
  ])('answers a HEAD request %s with no body', async (_name, text, status) => {
    const response = await rawRequest(port, text)
    expect(response.status).toBe(status)
    expect(response.body).toBe('')
  })

  test.each([
    ['invalid JSON', '{"email": ', 'application/json', 400, 'The request body is not valid JSON.'],
    ['an unaccepted content type', 'a,b', 'text/csv', 415, 'This content type is not accepted here; send JSON.'],
    ['a body over 1 MB', JSON.stringify({ email: 'x'.repeat(1024 * 1024) }), 'application/json', 413, 'The request body is too large.'],
  ])('answers %s with a detail', async (_name, body, contentType, status, detail) => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/authentication/token/',
      body,
      headers: { 'content-type': contentType },
    })
    expect(response.statusCode).toBe(status)
    expect(response.json()).toEqual({ detail })
  })
})
