import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import type { TestApp } from '../../test/build-test-app.js'
import { startTestDnsServer, type TestDnsServer } from '../../test/dns-server.js'
import { createSellerSession } from '../../test/factories.js'
import { describe, expect, test } from '../../test/fixtures.js'
import { createFree, createUpsell } from '../modules/offers/offer-test-kit.js'

const dashboard = 'http://funnelry.test'
const pages = 'http://pages.funnelry.test'

describe('the pages origin and the dashboard origin (decision D23)', () => {
  let ctx: TestApp
  let webDist: string
  let offerId: string
  let upsellId: string
  let headers: Record<string, string>

  test.override('appOptions', () => ({ deps: { webDist } }))
  test.beforeEach(async () => {
    webDist = await mkdtemp(path.join(os.tmpdir(), 'funnelry-web-'))
    await writeFile(path.join(webDist, 'index.html'), '<!doctype html><div id="root"></div>')
  })
  test.beforeEach(async ({ app }) => {
    ctx = app
    const seller = await createSellerSession(ctx)
    headers = seller.headers
    offerId = (await createFree(ctx, seller.headers)).id
    upsellId = (await createUpsell(ctx, seller.headers)).id
  })
  test.afterEach(async () => {
    await rm(webDist, { recursive: true, force: true })
  })

  const get = (host: string, url: string, extra: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'GET', url, headers: { host, ...extra } })

  test("sends live offer pages on the dashboard's origin to the pages origin, query and all", async () => {
    for (const url of [`/free-offer/${offerId}`, `/free-offer/${offerId}?utm_source=ad`, '/thank-you-purchase?type=free-offer&order=abc']) {
      const response = await get('funnelry.test', url)
      expect(response.statusCode, url).toBe(302)
      expect(response.headers.location, url).toBe(`${pages}${url}`)
    }
    // HEAD too, and on any host that is not the pages origin or a proven domain.
    const head = await ctx.app.inject({ method: 'HEAD', url: `/free-offer/${offerId}`, headers: { host: 'localhost:3000' } })
    expect(head.statusCode).toBe(302)
  })

  test("keeps the seller's preview and the dashboard on the dashboard's origin", async () => {
    expect((await get('funnelry.test', `/free-offer/${offerId}?isPreview=true`)).statusCode).toBe(200)
    expect((await get('funnelry.test', '/free-offer')).statusCode).toBe(200)
    expect((await get('funnelry.test', `/oto-offer/${upsellId}`)).statusCode).toBe(200)
    expect((await get('funnelry.test', '/dashboard/free-offers')).statusCode).toBe(200)
    expect((await get('funnelry.test', '/api/v1/free-product/', headers)).statusCode).toBe(200)
  })

  test('serves public pages and the calls they make on the pages origin', async () => {
    expect((await get('pages.funnelry.test', `/free-offer/${offerId}`)).statusCode).toBe(200)
    expect((await get('pages.funnelry.test', '/thank-you-purchase?type=free-offer')).statusCode).toBe(200)
    expect((await get('pages.funnelry.test', `/api/v1/free-product/${offerId}/`)).statusCode).toBe(200)
    expect((await get('pages.funnelry.test', `/api/v1/upsell-offer/${upsellId}/`)).statusCode).toBe(200)
    const lead = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/seller/webhook/notify/',
      headers: { host: 'pages.funnelry.test' },
      payload: { full_name: 'Ann', email: 'ann@example.com', product_id: offerId },
    })
    expect(lead.statusCode).toBe(201)
  })

  test('serves no dashboard, log-in, preview or seller API on the pages origin', async () => {
    for (const url of ['/', '/dashboard/free-offers', '/sign-up?email=a&token=b', `/free-offer/${offerId}?isPreview=true`, '/free-offer']) {
      const response = await get('pages.funnelry.test:80', url)
      expect(response.statusCode, url).toBe(302)
      expect(response.headers.location, url).toBe(`${dashboard}${url}`)
    }
    expect((await get('pages.funnelry.test', '/api/v1/free-product/', headers)).statusCode).toBe(404)
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/authentication/token/',
      headers: { host: 'pages.funnelry.test' },
      payload: { email: 'a@example.com', password: 'x' },
    })
    expect(login.statusCode).toBe(404)
  })
})

describe("a seller's custom domain", () => {
  let ctx: TestApp
  let dns: TestDnsServer
  let webDist: string
  let ownerId: string
  let mine: { freeId: string; upsellId: string; headers: Record<string, string> }
  let theirs: { freeId: string; upsellId: string }
  const host = 'offers.mine.example'

  test.override('appOptions', () => ({ deps: { webDist }, env: { DNS_SERVER: dns.address } }))
  test.beforeEach(async () => {
    webDist = await mkdtemp(path.join(os.tmpdir(), 'funnelry-web-'))
    await writeFile(path.join(webDist, 'index.html'), '<!doctype html><div id="root"></div>')
    dns = await startTestDnsServer()
  })
  test.beforeEach(async ({ app }) => {
    ctx = app
    const owner = await createSellerSession(ctx)
    ownerId = owner.seller.id
    const other = await createSellerSession(ctx)
    mine = {
      freeId: (await createFree(ctx, owner.headers)).id,
      upsellId: (await createUpsell(ctx, owner.headers)).id,
      headers: owner.headers,
    }
    theirs = { freeId: (await createFree(ctx, other.headers)).id, upsellId: (await createUpsell(ctx, other.headers)).id }
    const saved = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/v1/domain-settings/${owner.seller.id}/`,
      headers: owner.headers,
      payload: { domain: host },
    })
    expect(saved.statusCode).toBe(200)
    expect(saved.json().status).toBe('pending')
  })
  test.afterEach(async () => {
    await dns.close()
    await rm(webDist, { recursive: true, force: true })
  })

  const domainSettings = (method: 'GET' | 'PATCH' | 'POST', suffix = '', payload?: object) =>
    ctx.app.inject({
      method,
      url: `/api/v1/domain-settings/${ownerId}/${suffix}`,
      headers: mine.headers,
      ...(payload ? { payload } : {}),
    })

  test('serves nothing while the domain is not proven: it is an unknown host, sent to PUBLIC_URL', async () => {
    const page = await ctx.app.inject({ method: 'GET', url: `/free-offer/${mine.freeId}`, headers: { host } })
    expect(page.statusCode).toBe(302)
    expect(page.headers.location).toBe(`${dashboard}/free-offer/${mine.freeId}`)
    expect((await ctx.app.inject({ method: 'GET', url: `/api/v1/domains/allowed/?domain=${host}` })).statusCode).toBe(404)
  })

  test('serves the seller once the TXT record proves the domain', async () => {
    const { txt_record: record } = (await domainSettings('GET')).json()
    dns.setTxt(record.name, record.value)
    expect((await domainSettings('POST', 'verify/')).json().status).toBe('verified')
    // The process that checked serves it at once (no stale cache).
    expect((await ctx.app.inject({ method: 'GET', url: `/free-offer/${mine.freeId}`, headers: { host } })).statusCode).toBe(200)
    expect((await ctx.app.inject({ method: 'GET', url: `/api/v1/domains/allowed/?domain=${host}` })).statusCode).toBe(200)
  })

  /** The owner proves the domain with its TXT record, as the test above shows step by step. */
  const proveDomain = async () => {
    const { txt_record: record } = (await domainSettings('GET')).json()
    dns.setTxt(record.name, record.value)
    expect((await domainSettings('POST', 'verify/')).json().status).toBe('verified')
  }

  const onDomain = (method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) =>
    ctx.app.inject({ method, url, headers: { host }, ...(payload ? { payload } : {}) })

  test("serves the seller's own offer page and public reads", async () => {
    await proveDomain()
    expect((await onDomain('GET', `/free-offer/${mine.freeId}`)).statusCode).toBe(200)
    expect((await onDomain('GET', `/api/v1/free-product/${mine.freeId}/`)).statusCode).toBe(200)
    expect((await onDomain('GET', `/api/v1/upsell-offer/${mine.upsellId}/`)).statusCode).toBe(200)
    expect((await onDomain('GET', '/thank-you-purchase?type=free-offer')).statusCode).toBe(200)
    const lead = await onDomain('POST', '/api/v1/seller/webhook/notify/', {
      full_name: 'Ann',
      email: 'ann@example.com',
      product_id: mine.freeId,
    })
    expect(lead.statusCode).toBe(201)
  })

  test("never serves another seller's offers", async () => {
    await proveDomain()
    const page = await onDomain('GET', `/free-offer/${theirs.freeId}`)
    expect(page.statusCode).toBe(302)
    expect(page.headers.location).toBe('/404')
    expect((await onDomain('GET', `/api/v1/free-product/${theirs.freeId}/`)).statusCode).toBe(404)
    expect((await onDomain('GET', `/api/v1/upsell-offer/${theirs.upsellId}/`)).statusCode).toBe(404)
    const lead = await onDomain('POST', '/api/v1/seller/webhook/notify/', {
      full_name: 'Ann',
      email: 'ann@example.com',
      product_id: theirs.freeId,
    })
    expect(lead.statusCode).toBe(404)
    const intent = await onDomain('POST', '/api/v1/stripe/payment-intent/', {
      full_name: 'Ann',
      email: 'ann@example.com',
      product_id: theirs.freeId,
    })
    expect(intent.statusCode).toBe(404)
  })

  test("lets the page update its own seller's order, and no other", async () => {
    await proveDomain()
    const visitor = { full_name: 'Ann', email: 'ann@example.com' }
    // Nothing attached: a zero total, recorded at once (D11), so the update reaches the checkout's own rule.
    const mineOrder = await onDomain('POST', '/api/v1/stripe/payment-intent/', { ...visitor, product_id: mine.freeId })
    expect(mineOrder.statusCode).toBe(200)
    const update = await onDomain('POST', '/api/v1/stripe/update-payment-intent/', { ...visitor, intent_id: mineOrder.json().intent_id })
    expect(update.statusCode).toBe(400)
    expect(update.json()).toEqual({ detail: expect.any(String), error: 'This payment is already complete.' })

    const theirOrder = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/stripe/payment-intent/',
      payload: { ...visitor, product_id: theirs.freeId },
    })
    expect(theirOrder.statusCode).toBe(200)
    const refused = await onDomain('POST', '/api/v1/stripe/update-payment-intent/', { ...visitor, intent_id: theirOrder.json().intent_id })
    expect(refused.statusCode).toBe(404)
  })

  test("serves the seller's chosen offer at the root, and /404 until one is chosen", async () => {
    await proveDomain()
    const before = await onDomain('GET', '/')
    expect(before.statusCode).toBe(302)
    expect(before.headers.location).toBe('/404')
    expect((await domainSettings('PATCH', '', { domain: host, default_offer_id: mine.freeId })).statusCode).toBe(200)
    const root = await onDomain('GET', '/')
    expect(root.statusCode).toBe(302)
    expect(root.headers.location).toBe(`/free-offer/${mine.freeId}`)
    expect((await onDomain('GET', root.headers.location as string)).statusCode).toBe(200)
  })

  test('serves no dashboard, log-in or seller API', async () => {
    await proveDomain()
    for (const url of ['/dashboard/free-offers', '/sign-up?email=a&token=b']) {
      const response = await onDomain('GET', url)
      expect(response.statusCode).toBe(302)
      expect(response.headers.location).toBe('/404')
    }
    const list = await ctx.app.inject({ method: 'GET', url: '/api/v1/free-product/', headers: { host, ...mine.headers } })
    expect(list.statusCode).toBe(404)
    expect((await onDomain('POST', '/api/v1/authentication/token/', { email: 'a@example.com', password: 'x' })).statusCode).toBe(404)
  })

  test('leaves the API on the platform host and loopback unrestricted, and serves none of it on an unknown host', async () => {
    for (const otherHost of ['funnelry.test', 'localhost:3000', '127.0.0.1:3000']) {
      const response = await ctx.app.inject({ method: 'GET', url: `/api/v1/free-product/${theirs.freeId}/`, headers: { host: otherHost } })
      expect(response.statusCode).toBe(200)
    }
    const unknown = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/free-product/${theirs.freeId}/`,
      headers: { host: 'unknown.example' },
    })
    expect(unknown.statusCode).toBe(421)
  })
})
