import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../test/build-test-app.js'
import { createSellerSession } from '../../test/factories.js'
import { createFree, createUpsell } from '../modules/offers/offer-test-kit.js'

describe("a seller's custom domain", () => {
  let ctx: TestApp
  let webDist: string
  let mine: { freeId: string; upsellId: string; headers: Record<string, string> }
  let theirs: { freeId: string; upsellId: string }
  const host = 'offers.mine.example'

  beforeAll(async () => {
    webDist = await mkdtemp(path.join(os.tmpdir(), 'funnelry-web-'))
    await writeFile(path.join(webDist, 'index.html'), '<!doctype html><div id="root"></div>')
    ctx = await createTestApp({ deps: { webDist } })
    const owner = await createSellerSession(ctx)
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
  })
  afterAll(async () => {
    await ctx.close()
    await rm(webDist, { recursive: true, force: true })
  })

  const onDomain = (method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) =>
    ctx.app.inject({ method, url, headers: { host }, ...(payload ? { payload } : {}) })

  it("serves the seller's own offer page and public reads", async () => {
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

  it("never serves another seller's offers", async () => {
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

  it("lets the page update its own seller's order, and no other", async () => {
    const visitor = { full_name: 'Ann', email: 'ann@example.com' }
    // Nothing attached: a zero total, recorded at once (D11), so the update reaches the checkout's own rule.
    const mineOrder = await onDomain('POST', '/api/v1/stripe/payment-intent/', { ...visitor, product_id: mine.freeId })
    expect(mineOrder.statusCode).toBe(200)
    const update = await onDomain('POST', '/api/v1/stripe/update-payment-intent/', { ...visitor, intent_id: mineOrder.json().intent_id })
    expect(update.statusCode).toBe(400)
    expect(update.json()).toEqual({ error: 'This payment is already complete.' })

    const theirOrder = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/stripe/payment-intent/',
      payload: { ...visitor, product_id: theirs.freeId },
    })
    expect(theirOrder.statusCode).toBe(200)
    const refused = await onDomain('POST', '/api/v1/stripe/update-payment-intent/', { ...visitor, intent_id: theirOrder.json().intent_id })
    expect(refused.statusCode).toBe(404)
  })

  it('serves no dashboard, log-in or seller API', async () => {
    for (const url of ['/', '/dashboard/free-offers', '/sign-up?email=a&token=b']) {
      const response = await onDomain('GET', url)
      expect(response.statusCode).toBe(302)
      expect(response.headers.location).toBe('/404')
    }
    const list = await ctx.app.inject({ method: 'GET', url: '/api/v1/free-product/', headers: { host, ...mine.headers } })
    expect(list.statusCode).toBe(404)
    expect((await onDomain('POST', '/api/v1/authentication/token/', { email: 'a@example.com', password: 'x' })).statusCode).toBe(404)
  })

  it('leaves the platform host and unknown hosts unrestricted', async () => {
    for (const otherHost of ['funnelry.test', 'unknown.example', '127.0.0.1:3000']) {
      const response = await ctx.app.inject({ method: 'GET', url: `/api/v1/free-product/${theirs.freeId}/`, headers: { host: otherHost } })
      expect(response.statusCode).toBe(200)
    }
  })
})
