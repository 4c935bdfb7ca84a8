import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import type { TestApp } from '../../test/build-test-app.js'
import { createSellerSession } from '../../test/factories.js'
import { describe, expect, test } from '../../test/fixtures.js'
import { createFree } from '../modules/offers/offer-test-kit.js'
import { createIntent, createLocalSeller, insertFunnel, visitor } from '../modules/orders/checkout-test-kit.js'
import { notFoundMessages } from './not-found-page.js'

const pagesHost = 'pages.funnelry.test'
const dashboardApp = '<div id="root">'

/** Decision D26 and issue 22: real 404s on the public sites, HEAD like GET, unknown hosts never the dashboard. */
describe('not-found pages on the pages origin', () => {
  let ctx: TestApp
  let webDist: string
  let headers: Record<string, string>

  test.override('appOptions', () => ({ deps: { webDist } }))
  test.beforeEach(async () => {
    webDist = await mkdtemp(path.join(os.tmpdir(), 'funnelry-web-'))
    await writeFile(path.join(webDist, 'index.html'), `<!doctype html>${dashboardApp}</div><a href="/login">Log in</a>`)
  })
  test.beforeEach(async ({ app }) => {
    ctx = app
    headers = (await createSellerSession(ctx)).headers
  })
  test.afterEach(async () => {
    await rm(webDist, { recursive: true, force: true })
  })

  const read = (method: 'GET' | 'HEAD', url: string, host = pagesHost) => ctx.app.inject({ method, url, headers: { host } })

  const expectNotFoundPage = (response: Awaited<ReturnType<typeof read>>, title: string) => {
    expect(response.statusCode).toBe(404)
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(response.body).toContain(`<h1>${title.replace(/'/g, '&#39;')}</h1>`)
    expect(response.body).not.toContain(dashboardApp)
    expect(response.body).not.toContain('<script')
    expect(response.body).not.toMatch(/log-?in/i)
  }

  test('an unknown, malformed or archived offer id answers 404 with its own page, never the dashboard app', async () => {
    const archived = await createFree(ctx, headers)
    const archiving = await ctx.app.inject({ method: 'POST', url: `/api/v1/free-product/${archived.id}/archive/`, headers })
    expect(archiving.statusCode).toBe(200)
    for (const id of [crypto.randomUUID(), 'not-an-id', `${archived.id}0`, archived.id]) {
      expectNotFoundPage(await read('GET', `/free-offer/${id}`), notFoundMessages.page.title)
    }
    expectNotFoundPage(await read('GET', '/404'), notFoundMessages.page.title)
  })

  test('HEAD answers what GET answers, without the body', async () => {
    const live = await createFree(ctx, headers)
    for (const url of [
      `/free-offer/${live.id}`,
      `/free-offer/${crypto.randomUUID()}`,
      '/thank-you-purchase?order=bogusbogusbogusbogus00',
    ]) {
      const [get, head] = [await read('GET', url), await read('HEAD', url)]
      expect(head.statusCode, url).toBe(get.statusCode)
      for (const name of ['content-type', 'content-length', 'cache-control', 'content-security-policy']) {
        expect(head.headers[name], `${url} ${name}`).toBe(get.headers[name])
      }
      expect(head.body, url).toBe('')
    }
    expect((await read('HEAD', `/free-offer/${live.id}`)).statusCode).toBe(200)
  })

  test('an unknown or malformed receipt reference says "We can\'t find this order." with 404; a real one is served', async () => {
    for (const order of ['AAAAAAAAAAAAAAAAAAAAAA', 'short', '']) {
      expectNotFoundPage(await read('GET', `/thank-you-purchase?type=oto-offer&order=${order}`), notFoundMessages.order.title)
    }
    const funnel = await insertFunnel(ctx, (await createLocalSeller(ctx)).seller.id)
    const intent = await createIntent(ctx, { ...visitor, product_id: funnel.offer.id, bump_offer_id: funnel.bump?.id })
    const { order_reference: reference } = intent.json() as { order_reference: string }
    const found = await read('GET', `/thank-you-purchase?type=oto-offer&order=${reference}`)
    expect(found.statusCode).toBe(200)
    // Without a reference (a free opt-in's thank-you) the page is served as before.
    expect((await read('GET', '/thank-you-purchase?type=free-offer')).statusCode).toBe(200)
  })

  test('a host that is neither the dashboard, the pages origin nor a verified domain is never served the dashboard', async () => {
    const page = await read('GET', '/dashboard/orders?x=1', 'stranger.example')
    expect(page.statusCode).toBe(302)
    expect(page.headers.location).toBe('http://funnelry.test/dashboard/orders?x=1')
    expect((await read('HEAD', '/', '203.0.113.5')).headers.location).toBe('http://funnelry.test/')
    const api = await ctx.app.inject({ method: 'GET', url: '/api/v1/free-product/', headers: { ...headers, host: 'stranger.example' } })
    expect(api.statusCode).toBe(421)
    expect(api.json()).toEqual({ detail: 'This address is not served here. Use http://funnelry.test.' })
    // Load balancers and containers check health by address.
    expect((await read('GET', '/api/v1/health/', '10.0.0.8:3000')).statusCode).toBe(200)
  })
})
