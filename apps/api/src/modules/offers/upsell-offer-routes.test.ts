import { messages, offerMessages } from '@funnelry/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../../test/build-test-app.js'
import { createSellerSession } from '../../../test/factories.js'
import { createBump, createFree, createUpsell, sendForm, validUpsell } from './offer-test-kit.js'
import { upsellCurrencyConflict } from './upsell-offer-service.js'

describe('upsell (OTO) offers', () => {
  let ctx: TestApp
  let headers: Record<string, string>
  beforeAll(async () => {
    ctx = await createTestApp()
    ;({ headers } = await createSellerSession(ctx))
  })
  afterAll(() => ctx.close())

  it('creates an OTO from a multipart form', async () => {
    const response = await sendForm(ctx, 'POST', '/api/v1/upsell-offer/', validUpsell({ product_price: '49.9', currency: '3' }), headers)
    expect(response.statusCode).toBe(201)
    expect(response.json()).toEqual({
      id: expect.any(String),
      headline: 'The full course',
      video_url: 'https://video.example.com/intro',
      description: 'Ten lessons',
      url: 'https://example.com/course',
      asset_image: null,
      logo: null,
      opt_in_button: 'Yes, add the course',
      product_price: '49.90',
      currency: 3,
      created_at: expect.any(String),
    })
  })

  it("requires headline, url, opt_in_button and product_price with the spec's message", async () => {
    const response = await sendForm(ctx, 'POST', '/api/v1/upsell-offer/', { description: 'only this' }, headers)
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({
      headline: [messages.required],
      url: [messages.required],
      opt_in_button: [messages.required],
      product_price: [messages.required],
    })
  })

  it('checks both URLs, the price and the currency', async () => {
    const response = await sendForm(
      ctx,
      'POST',
      '/api/v1/upsell-offer/',
      validUpsell({ url: 'example.com', video_url: 'not a url', product_price: '12.345', currency: '0' }),
      headers,
    )
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({
      url: [messages.invalidUrl],
      video_url: [messages.invalidUrl],
      product_price: ['Enter an amount such as 19 or 19.99.'],
      currency: [offerMessages.currency],
    })
  })

  it('answers the public read without auth, leaving out the paid download link', async () => {
    const upsell = await createUpsell(ctx, headers)
    const visitor = await ctx.app.inject({ url: `/api/v1/upsell-offer/${upsell.id}/` })
    expect(visitor.statusCode).toBe(200)
    expect(visitor.json()).toMatchObject({ id: upsell.id, headline: 'The full course', product_price: '49.00', url: null })

    const owner = await ctx.app.inject({ url: `/api/v1/upsell-offer/${upsell.id}/`, headers })
    expect(owner.json()).toMatchObject({ url: 'https://example.com/course' })

    const other = await createSellerSession(ctx)
    const stranger = await ctx.app.inject({ url: `/api/v1/upsell-offer/${upsell.id}/`, headers: other.headers })
    expect(stranger.json()).toMatchObject({ url: null })

    const stale = await ctx.app.inject({ url: `/api/v1/upsell-offer/${upsell.id}/`, headers: { authorization: 'Bearer expired' } })
    expect(stale.statusCode).toBe(401)
  })

  it('answers 404 for an unknown or malformed id on the public read', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid', '1']) {
      const response = await ctx.app.inject({ url: `/api/v1/upsell-offer/${id}/` })
      expect(response.statusCode).toBe(404)
      expect(response.json()).toEqual({ detail: 'Not found.' })
    }
  })

  it('replaces an OTO with PUT: empty optional fields are cleared', async () => {
    const upsell = await createUpsell(ctx, headers)
    const put = await sendForm(
      ctx,
      'PUT',
      `/api/v1/upsell-offer/${upsell.id}/`,
      validUpsell({ headline: 'Course v2', video_url: '', description: '', product_price: '0.5' }),
      headers,
    )
    expect(put.statusCode).toBe(200)
    expect(put.json()).toMatchObject({
      headline: 'Course v2',
      video_url: null,
      description: null,
      product_price: '0.50',
      url: 'https://example.com/course',
    })
  })

  it('lists the dropdown newest first', async () => {
    const seller = await createSellerSession(ctx)
    const first = await createUpsell(ctx, seller.headers, { headline: 'First' })
    const second = await createUpsell(ctx, seller.headers, { headline: 'Second' })
    const response = await ctx.app.inject({ url: '/api/v1/upsell-offer/dropdown/', headers: seller.headers })
    expect(response.json()).toEqual([
      { id: second.id, headline: 'Second' },
      { id: first.id, headline: 'First' },
    ])
  })

  it('refuses a currency change that would split a free offer’s bump and upsell', async () => {
    const bump = await createBump(ctx, headers, { currency: '2' })
    const upsell = await createUpsell(ctx, headers, { currency: '2' })
    await createFree(ctx, headers, { bump_offer_id: bump.id, upsell_offer_id: upsell.id })
    const refused = await sendForm(ctx, 'PUT', `/api/v1/upsell-offer/${upsell.id}/`, validUpsell({ currency: '1' }), headers)
    expect(refused.statusCode).toBe(400)
    expect(refused.json()).toEqual({ currency: [upsellCurrencyConflict] })

    // Alone on a free offer (no bump), its currency is free to change.
    const lone = await createUpsell(ctx, headers, { currency: '2' })
    await createFree(ctx, headers, { upsell_offer_id: lone.id })
    const allowed = await sendForm(ctx, 'PUT', `/api/v1/upsell-offer/${lone.id}/`, validUpsell({ currency: '1' }), headers)
    expect(allowed.statusCode).toBe(200)
  })
})
