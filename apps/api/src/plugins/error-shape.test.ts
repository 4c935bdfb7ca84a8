import type net from 'node:net'
import { afterAll, describe, expect, it } from 'vitest'
import { createTestApp } from '../../test/build-test-app.js'
import { createSellerSession } from '../../test/factories.js'
import { rawRequest } from '../../test/raw-request.js'
import { missingHostDetail, repeatedHostDetail } from './host-header.js'

/**
 * Issue 23 point 9: one error shape, JSON with a `detail`, on every call. The calls come from the
 * app's own OpenAPI document, so a call added later is covered without touching this file.
 */
const ctx = await createTestApp()
afterAll(() => ctx.close())
const owner = await createSellerSession(ctx)

type Operation = { method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'; url: string; route: string }
const methods = ['get', 'post', 'put', 'patch', 'delete'] as const
const { paths } = ctx.app.swagger() as { paths: Record<string, Record<string, unknown>> }
const operations: Operation[] = Object.entries(paths).flatMap(([route, byMethod]) =>
  methods
    .filter((method) => method in byMethod)
    .map((method) => ({
      method: method.toUpperCase() as Operation['method'],
      url: `${route
        .replace(/\/$/, '')
        .replace('{userId}', owner.seller.id)
        .replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000')}/`,
      route: `${method.toUpperCase()} ${route}`,
    })),
)

// Fastify validates the body before the query string: a call with a body reports the body's
// problems first, so those are checked below with a body they accept.
const bodiless = operations.filter(({ method }) => method === 'GET' || method === 'DELETE')

describe('an unknown query parameter', () => {
  it.each(bodiless)('is refused by $route with a 400 naming it', async ({ method, url }) => {
    const response = await ctx.app.inject({ method, url: `${url}?colour=red`, headers: owner.headers })
    expect(response.statusCode).toBe(400)
    const body = response.json() as Record<string, unknown>
    expect(body.colour).toEqual(['This field is not accepted here.'])
    expect(body.detail).toEqual(expect.any(String))
  })

  it.each([
    { url: '/api/v1/authentication/token/', payload: { email: 'someone@example.com', password: 'secret password' } },
    { url: '/api/v1/seller/webhook/notify/', payload: { full_name: 'Ann', email: 'ann@example.com', product_id: crypto.randomUUID() } },
    { url: '/api/v1/advertising-pixel/', payload: { pixel_type: 'google', script: 'G-ABC123' } },
  ])('is refused beside a body that is accepted: POST $url', async ({ url, payload }) => {
    const response = await ctx.app.inject({ method: 'POST', url: `${url}?colour=red`, headers: owner.headers, payload })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({ detail: 'colour: This field is not accepted here.', colour: ['This field is not accepted here.'] })
  })

  it('is named in the detail when it is the only problem', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/free-product/?serach=boots', headers: owner.headers })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({ detail: 'serach: This field is not accepted here.', serach: ['This field is not accepted here.'] })
  })

  it('does not stop the parameters a call declares', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/free-product/?page=1&search=boots', headers: owner.headers })
    expect(response.statusCode).toBe(200)
  })
})

describe('the local onboarding link', () => {
  it('answers a link that is not valid 404 in JSON, not an HTML page', async () => {
    for (const url of ['/api/v1/payments/local/onboarding/?account=abc', '/api/v1/payments/local/onboarding/?account=abc&token=forged']) {
      const response = await ctx.app.inject({ method: 'GET', url })
      expect(response.statusCode).toBe(404)
      expect(response.headers['content-type']).toMatch(/^application\/json/)
      expect(response.json()).toEqual({ detail: expect.stringMatching(/^This onboarding link is not valid\./) })
    }
  })
})

describe('the Host header (RFC 9112)', () => {
  const port = async () => {
    if (!ctx.app.server.listening) await ctx.app.listen({ port: 0, host: '127.0.0.1' })
    return (ctx.app.server.address() as net.AddressInfo).port
  }

  it('answers an HTTP/1.1 request without one 400 with a JSON body', async () => {
    const response = await rawRequest(await port(), 'GET /api/v1/health/ HTTP/1.1\r\nConnection: close\r\n\r\n')
    expect(response.status).toBe(400)
    expect(response.headers).toMatch(/content-type: application\/json/i)
    expect(JSON.parse(response.body)).toEqual({ detail: missingHostDetail })
  })

  it('answers two of them 400 with a JSON body, whatever their letter case', async () => {
    for (const second of ['Host: evil.example', 'host: localhost']) {
      const response = await rawRequest(
        await port(),
        `GET /api/v1/health/ HTTP/1.1\r\nHost: localhost\r\n${second}\r\nConnection: close\r\n\r\n`,
      )
      expect(response.status).toBe(400)
      expect(JSON.parse(response.body)).toEqual({ detail: repeatedHostDetail })
    }
  })

  it('lets an HTTP/1.0 request without one through (load balancers check health that way)', async () => {
    const response = await rawRequest(await port(), 'GET /api/v1/health/ HTTP/1.0\r\n\r\n')
    expect(response.status).toBe(200)
    expect(JSON.parse(response.body)).toEqual({ status: 'ok' })
  })
})
