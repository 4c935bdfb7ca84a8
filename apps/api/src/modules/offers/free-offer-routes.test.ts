import { messages, offerMessages } from '@funnelry/shared'
import type { TestApp } from '../../../test/build-test-app.js'
import { describe, expect, test } from '../../../test/fixtures.js'
import { createBump, createConnectedSellerSession, createFree, createUpsell, sendForm, validFree } from './offer-test-kit.js'

describe('free offers', () => {
  let ctx: TestApp
  let headers: Record<string, string>
  test.beforeEach(async ({ app }) => {
    ctx = app
    ;({ headers } = await createConnectedSellerSession(ctx))
  })

  test('creates a free offer with its bump and upsell nested, its public link and empty settings parts', async () => {
    const bump = await createBump(ctx, headers)
    const upsell = await createUpsell(ctx, headers)
    const response = await sendForm(
      ctx,
      'POST',
      '/api/v1/free-product/',
      validFree({ bump_offer_id: bump.id, upsell_offer_id: upsell.id, is_active: 'false' }),
      headers,
    )
    expect(response.statusCode).toBe(201)
    const offer = response.json()
    expect(offer).toEqual({
      id: expect.any(String),
      headline: 'Free guide',
      sub_headline: 'Everything in 10 pages',
      url: 'https://example.com/guide.pdf',
      opt_in_button: 'Send me the guide',
      asset_image: null,
      logo: null,
      is_active: false,
      price: '0.00',
      bump_offer: {
        id: bump.id,
        headline: 'Checklist',
        description: 'A one-page checklist',
        asset_image: null,
        currency: 1,
        old_price: '19.99',
        new_price: '9.99',
      },
      upsell_offer: {
        id: upsell.id,
        headline: 'The full course',
        description: 'Ten lessons',
        video_url: 'https://video.example.com/intro',
        asset_image: null,
        logo: null,
        product_price: '49.00',
        currency: 1,
        opt_in_button: 'Yes, add the course',
      },
      bump_offer_id: bump.id,
      upsell_offer_id: upsell.id,
      after_purchase: [],
      show_url: `http://pages.funnelry.test/free-offer/${offer.id}`,
      advertising_pixels: [],
      consent_required: false,
      store_links: { privacy_policy: null, terms_and_conditions: null, support_link: null },
      created_at: expect.any(String),
      archived_at: null,
    })
  })

  test('is active by default, with no bump or upsell', async () => {
    const response = await sendForm(
      ctx,
      'POST',
      '/api/v1/free-product/',
      { headline: 'H', url: 'https://example.com/f', opt_in_button: 'Go' },
      headers,
    )
    expect(response.statusCode).toBe(201)
    expect(response.json()).toMatchObject({
      is_active: true,
      sub_headline: null,
      bump_offer: null,
      upsell_offer: null,
      bump_offer_id: null,
    })
  })

  test("answers the spec's messages", async () => {
    const response = await sendForm(ctx, 'POST', '/api/v1/free-product/', { headline: '   ', url: 'nope', is_active: 'yes' }, headers)
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({
      detail: expect.any(String),
      headline: [messages.required],
      url: [messages.invalidUrl],
      opt_in_button: [messages.required],
      is_active: [offerMessages.isActive],
    })
  })

  test('refuses unknown fields and an empty body', async () => {
    const unknown = await sendForm(ctx, 'POST', '/api/v1/free-product/', validFree({ price: '5', seller_id: 'x' }), headers)
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json()).toEqual({
      detail: expect.any(String),
      price: ['This field is not accepted here.'],
      seller_id: ['This field is not accepted here.'],
    })

    const empty = await ctx.app.inject({ method: 'POST', url: '/api/v1/free-product/', headers })
    expect(empty.statusCode).toBe(400)
    expect(empty.json()).toEqual({ detail: expect.any(String), non_field_errors: [offerMessages.formExpected] })
  })

  test("refuses another seller's bump or upsell, and malformed ids, on their fields", async () => {
    const other = await createConnectedSellerSession(ctx)
    const theirBump = await createBump(ctx, other.headers)
    const theirUpsell = await createUpsell(ctx, other.headers)
    const response = await sendForm(
      ctx,
      'POST',
      '/api/v1/free-product/',
      validFree({ bump_offer_id: theirBump.id, upsell_offer_id: theirUpsell.id }),
      headers,
    )
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({
      detail: expect.any(String),
      bump_offer_id: [offerMessages.chooseBump],
      upsell_offer_id: [offerMessages.chooseUpsell],
    })

    const malformed = await sendForm(
      ctx,
      'POST',
      '/api/v1/free-product/',
      validFree({ bump_offer_id: '42', upsell_offer_id: 'x' }),
      headers,
    )
    expect(malformed.json()).toEqual({
      detail: expect.any(String),
      bump_offer_id: [offerMessages.chooseBump],
      upsell_offer_id: [offerMessages.chooseUpsell],
    })
  })

  test('refuses a bump and an upsell in different currencies', async () => {
    const bump = await createBump(ctx, headers, { currency: '1' })
    const upsell = await createUpsell(ctx, headers, { currency: '2' })
    const response = await sendForm(
      ctx,
      'POST',
      '/api/v1/free-product/',
      validFree({ bump_offer_id: bump.id, upsell_offer_id: upsell.id }),
      headers,
    )
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({ detail: expect.any(String), upsell_offer_id: [offerMessages.currencyMismatch] })

    const free = await createFree(ctx, headers, { bump_offer_id: bump.id })
    const put = await sendForm(
      ctx,
      'PUT',
      `/api/v1/free-product/${free.id}/`,
      validFree({ bump_offer_id: bump.id, upsell_offer_id: upsell.id }),
      headers,
    )
    expect(put.statusCode).toBe(400)
    expect(put.json()).toEqual({ detail: expect.any(String), upsell_offer_id: [offerMessages.currencyMismatch] })
  })

  test('answers the public read without auth, active or not, without the download link', async () => {
    const free = await createFree(ctx, headers, { is_active: 'false' })
    const visitor = await ctx.app.inject({ url: `/api/v1/free-product/${free.id}/` })
    expect(visitor.statusCode).toBe(200)
    expect(visitor.json()).toMatchObject({ id: free.id, is_active: false, url: null, headline: 'Free guide' })

    const owner = await ctx.app.inject({ url: `/api/v1/free-product/${free.id}/`, headers })
    expect(owner.json()).toMatchObject({ url: 'https://example.com/guide.pdf' })

    for (const id of ['00000000-0000-4000-8000-000000000000', 'abc', "1' or '1'='1"]) {
      const missing = await ctx.app.inject({ url: `/api/v1/free-product/${encodeURIComponent(id)}/` })
      expect(missing.statusCode).toBe(404)
    }
  })

  test('replaces with PUT: optional fields sent empty are cleared, is_active is kept when left out', async () => {
    const bump = await createBump(ctx, headers)
    const free = await createFree(ctx, headers, { bump_offer_id: bump.id, is_active: 'false' })
    const put = await sendForm(
      ctx,
      'PUT',
      `/api/v1/free-product/${free.id}/`,
      { headline: 'Renamed', sub_headline: '', url: 'https://example.com/v2', opt_in_button: 'Get it', bump_offer_id: '' },
      headers,
    )
    expect(put.statusCode).toBe(200)
    expect(put.json()).toMatchObject({
      id: free.id,
      headline: 'Renamed',
      sub_headline: null,
      url: 'https://example.com/v2',
      opt_in_button: 'Get it',
      is_active: false,
      bump_offer: null,
      bump_offer_id: null,
    })
  })

  test('switches is_active with PATCH, as JSON or as a form, answering the whole offer', async () => {
    const free = await createFree(ctx, headers)
    const off = await ctx.app.inject({ method: 'PATCH', url: `/api/v1/free-product/${free.id}/`, headers, payload: { is_active: false } })
    expect(off.statusCode).toBe(200)
    expect(off.json()).toMatchObject({ id: free.id, is_active: false, headline: 'Free guide', show_url: expect.any(String) })

    const on = await sendForm(ctx, 'PATCH', `/api/v1/free-product/${free.id}/`, { is_active: 'true' }, headers)
    expect(on.statusCode).toBe(200)
    expect(on.json()).toMatchObject({ is_active: true })

    const missing = await sendForm(ctx, 'PATCH', `/api/v1/free-product/${free.id}/`, {}, headers)
    expect(missing.statusCode).toBe(400)
    expect(missing.json()).toEqual({ detail: expect.any(String), is_active: [offerMessages.isActive] })

    const extra = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/v1/free-product/${free.id}/`,
      headers,
      payload: { is_active: true, headline: 'sneaky' },
    })
    expect(extra.statusCode).toBe(400)
    expect(extra.json()).toEqual({ detail: expect.any(String), headline: ['This field is not accepted here.'] })
  })

  test('never answers 500 to broken bodies', async () => {
    const broken = [
      { 'content-type': 'multipart/form-data; boundary=xyz', payload: 'garbage' },
      { 'content-type': 'multipart/form-data', payload: '--x\r\n' },
      { 'content-type': 'application/json', payload: '{"headline":' },
      { 'content-type': 'application/json', payload: '[]' },
      { 'content-type': 'text/plain', payload: 'headline=x' },
    ]
    for (const { payload, ...contentType } of broken) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/free-product/',
        headers: { ...headers, ...contentType },
        payload,
      })
      expect(response.statusCode, `${contentType['content-type']}: ${response.body}`).toBeGreaterThanOrEqual(400)
      expect(response.statusCode).toBeLessThan(500)
    }
  })
})
