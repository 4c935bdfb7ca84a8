import type { TestApp } from '../../../test/build-test-app.js'
import { describe, expect, test } from '../../../test/fixtures.js'
import {
  createBump,
  createConnectedSellerSession,
  createFree,
  createUpsell,
  sendForm,
  validBump,
  validFree,
  validUpsell,
} from './offer-test-kit.js'

/** Tenant isolation (decision "Server rules"): another seller's offer is 404 on every verb. */
describe('offer access', () => {
  let ctx: TestApp
  let owner: Record<string, string>
  let intruder: Record<string, string>
  let ids: { free: string; bump: string; upsell: string }

  test.beforeEach(async ({ app }) => {
    ctx = app
    owner = (await createConnectedSellerSession(ctx)).headers
    intruder = (await createConnectedSellerSession(ctx)).headers
    const bump = await createBump(ctx, owner)
    const upsell = await createUpsell(ctx, owner)
    const free = await createFree(ctx, owner, { bump_offer_id: bump.id, upsell_offer_id: upsell.id })
    ids = { free: free.id, bump: bump.id, upsell: upsell.id }
  })

  test("answers 404 to another seller's id on every signed-in verb", async () => {
    const calls = [
      () => ctx.app.inject({ url: `/api/v1/bump-offer/${ids.bump}/`, headers: intruder }),
      () => sendForm(ctx, 'PUT', `/api/v1/bump-offer/${ids.bump}/`, validBump(), intruder),
      () => sendForm(ctx, 'PUT', `/api/v1/upsell-offer/${ids.upsell}/`, validUpsell(), intruder),
      () => sendForm(ctx, 'PUT', `/api/v1/free-product/${ids.free}/`, validFree(), intruder),
      () => sendForm(ctx, 'PATCH', `/api/v1/free-product/${ids.free}/`, { is_active: 'false' }, intruder),
      () => ctx.app.inject({ method: 'PATCH', url: `/api/v1/free-product/${ids.free}/`, headers: intruder, payload: { is_active: false } }),
    ]
    for (const call of calls) {
      const response = await call()
      expect(response.statusCode).toBe(404)
      expect(response.json()).toEqual({ detail: 'Not found.' })
    }
    // Nothing changed for the owner.
    const free = await ctx.app.inject({ url: `/api/v1/free-product/${ids.free}/`, headers: owner })
    expect(free.json()).toMatchObject({ headline: 'Free guide', is_active: true })
  })

  test('answers 404 to malformed and unknown ids on every verb', async () => {
    for (const id of ['nope', '123', '00000000-0000-4000-8000-000000000000', 'ZZZZZZZZ-0000-4000-8000-000000000000']) {
      const responses = await Promise.all([
        ctx.app.inject({ url: `/api/v1/bump-offer/${id}/`, headers: owner }),
        sendForm(ctx, 'PUT', `/api/v1/bump-offer/${id}/`, validBump(), owner),
        ctx.app.inject({ url: `/api/v1/upsell-offer/${id}/` }),
        sendForm(ctx, 'PUT', `/api/v1/upsell-offer/${id}/`, validUpsell(), owner),
        ctx.app.inject({ url: `/api/v1/free-product/${id}/` }),
        sendForm(ctx, 'PUT', `/api/v1/free-product/${id}/`, validFree(), owner),
        ctx.app.inject({ method: 'PATCH', url: `/api/v1/free-product/${id}/`, headers: owner, payload: { is_active: false } }),
      ])
      expect(responses.map((r) => r.statusCode)).toEqual(responses.map(() => 404))
    }
  })

  test("keeps another seller's offers out of lists and dropdowns", async () => {
    for (const url of ['/api/v1/free-product/', '/api/v1/bump-offer/', '/api/v1/upsell-offer/']) {
      expect((await ctx.app.inject({ url, headers: intruder })).json()).toMatchObject({ count: 0, results: [] })
    }
    for (const url of ['/api/v1/bump-offer/dropdown/', '/api/v1/upsell-offer/dropdown/']) {
      expect((await ctx.app.inject({ url, headers: intruder })).json()).toEqual([])
    }
  })

  test('lets anyone read a free offer and an OTO without auth', async () => {
    const free = await ctx.app.inject({ url: `/api/v1/free-product/${ids.free}/` })
    expect(free.statusCode).toBe(200)
    expect(free.json()).toMatchObject({ id: ids.free, bump_offer: { id: ids.bump }, upsell_offer: { id: ids.upsell }, url: null })
    const upsell = await ctx.app.inject({ url: `/api/v1/upsell-offer/${ids.upsell}/` })
    expect(upsell.statusCode).toBe(200)
    // A signed-in stranger reads the public view too.
    expect((await ctx.app.inject({ url: `/api/v1/free-product/${ids.free}/`, headers: intruder })).json()).toMatchObject({ url: null })
  })

  test('answers 401 without a token on every other call, before reading any upload', async () => {
    const calls = [
      ['GET', '/api/v1/free-product/'],
      ['POST', '/api/v1/free-product/'],
      ['PUT', `/api/v1/free-product/${ids.free}/`],
      ['PATCH', `/api/v1/free-product/${ids.free}/`],
      ['GET', '/api/v1/upsell-offer/'],
      ['GET', '/api/v1/upsell-offer/dropdown/'],
      ['POST', '/api/v1/upsell-offer/'],
      ['PUT', `/api/v1/upsell-offer/${ids.upsell}/`],
      ['GET', '/api/v1/bump-offer/'],
      ['GET', '/api/v1/bump-offer/dropdown/'],
      ['POST', '/api/v1/bump-offer/'],
      ['GET', `/api/v1/bump-offer/${ids.bump}/`],
      ['PUT', `/api/v1/bump-offer/${ids.bump}/`],
    ] as const
    for (const [method, url] of calls) {
      const response = method === 'GET' ? await ctx.app.inject({ url }) : await sendForm(ctx, method, url, validFree())
      expect(response.statusCode, `${method} ${url}`).toBe(401)
    }
  })
})
