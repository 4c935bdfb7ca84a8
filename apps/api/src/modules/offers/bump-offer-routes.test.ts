import { messages, offerMessages } from '@funnelry/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../../test/build-test-app.js'
import { createSellerSession } from '../../../test/factories.js'
import { bumpCurrencyConflict } from './bump-offer-service.js'
import { createBump, createFree, createUpsell, sendForm, validBump } from './offer-test-kit.js'

describe('bump offers', () => {
  let ctx: TestApp
  let headers: Record<string, string>
  beforeAll(async () => {
    ctx = await createTestApp()
    ;({ headers } = await createSellerSession(ctx))
  })
  afterAll(() => ctx.close())

  it('creates a bump from a multipart form: money as two-decimal strings, currency a number', async () => {
    const response = await sendForm(
      ctx,
      'POST',
      '/api/v1/bump-offer/',
      validBump({ old_price: '20', new_price: '9.5', currency: '2' }),
      headers,
    )
    expect(response.statusCode).toBe(201)
    expect(response.json()).toEqual({
      id: expect.any(String),
      headline: 'Checklist',
      description: 'A one-page checklist',
      asset_image: null,
      url: 'https://example.com/bump',
      currency: 2,
      old_price: '20.00',
      new_price: '9.50',
      created_at: expect.any(String),
    })
  })

  it('needs only the url; the currency defaults to 1 and empty optional fields are null', async () => {
    const response = await sendForm(
      ctx,
      'POST',
      '/api/v1/bump-offer/',
      { url: 'https://example.com/only', headline: '', description: '  ', old_price: '', new_price: '', currency: '' },
      headers,
    )
    expect(response.statusCode).toBe(201)
    expect(response.json()).toMatchObject({ headline: null, description: null, old_price: null, new_price: null, currency: 1 })
  })

  it("answers the spec's messages and a readable one for each bad value", async () => {
    const missing = await sendForm(ctx, 'POST', '/api/v1/bump-offer/', { headline: 'No url' }, headers)
    expect(missing.statusCode).toBe(400)
    expect(missing.json()).toEqual({ url: [messages.required] })

    const bad = await sendForm(
      ctx,
      'POST',
      '/api/v1/bump-offer/',
      validBump({ url: 'ftp://example.com', old_price: '1.999', new_price: '-5', currency: '4' }),
      headers,
    )
    expect(bad.statusCode).toBe(400)
    expect(bad.json()).toEqual({
      url: [messages.invalidUrl],
      old_price: ['Enter an amount such as 19 or 19.99.'],
      new_price: ['Enter an amount such as 19 or 19.99.'],
      currency: [offerMessages.currency],
    })

    const words = await sendForm(ctx, 'POST', '/api/v1/bump-offer/', validBump({ currency: 'euro', new_price: 'ten' }), headers)
    expect(words.json()).toEqual({ currency: [offerMessages.currency], new_price: ['Enter an amount such as 19 or 19.99.'] })
  })

  it('refuses unknown fields', async () => {
    const response = await sendForm(ctx, 'POST', '/api/v1/bump-offer/', validBump({ seller_id: 'someone', price: '1' }), headers)
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({ seller_id: ['This field is not accepted here.'], price: ['This field is not accepted here.'] })
  })

  it('reads one bump and replaces it with PUT, clearing the fields sent empty', async () => {
    const bump = await createBump(ctx, headers)
    const read = await ctx.app.inject({ url: `/api/v1/bump-offer/${bump.id}/`, headers })
    expect(read.statusCode).toBe(200)
    expect(read.json()).toMatchObject({ id: bump.id, headline: 'Checklist', new_price: '9.99' })

    const put = await sendForm(
      ctx,
      'PUT',
      `/api/v1/bump-offer/${bump.id}/`,
      { url: 'https://example.com/v2', headline: 'Checklist v2', description: '', old_price: '', new_price: '0' },
      headers,
    )
    expect(put.statusCode).toBe(200)
    expect(put.json()).toMatchObject({
      id: bump.id,
      url: 'https://example.com/v2',
      headline: 'Checklist v2',
      description: null,
      old_price: null,
      new_price: '0.00',
      currency: 1,
    })
    expect((await ctx.app.inject({ url: `/api/v1/bump-offer/${bump.id}/`, headers })).json()).toEqual(put.json())
  })

  it('keeps the currency on PUT when the form leaves it out', async () => {
    const bump = await createBump(ctx, headers, { currency: '3' })
    const put = await sendForm(ctx, 'PUT', `/api/v1/bump-offer/${bump.id}/`, { url: 'https://example.com/x' }, headers)
    expect(put.json()).toMatchObject({ currency: 3 })
  })

  it('lists the dropdown newest first as {id, headline}', async () => {
    const seller = await createSellerSession(ctx)
    const first = await createBump(ctx, seller.headers, { headline: 'First' })
    const second = await createBump(ctx, seller.headers, { headline: '' })
    const response = await ctx.app.inject({ url: '/api/v1/bump-offer/dropdown/', headers: seller.headers })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual([
      { id: second.id, headline: null },
      { id: first.id, headline: 'First' },
    ])
  })

  it('refuses a currency change that would split a free offer’s bump and upsell, and allows it once detached', async () => {
    const bump = await createBump(ctx, headers, { currency: '1' })
    const upsell = await createUpsell(ctx, headers, { currency: '1' })
    const free = await createFree(ctx, headers, { bump_offer_id: bump.id, upsell_offer_id: upsell.id })

    const refused = await sendForm(ctx, 'PUT', `/api/v1/bump-offer/${bump.id}/`, validBump({ currency: '2' }), headers)
    expect(refused.statusCode).toBe(400)
    expect(refused.json()).toEqual({ currency: [bumpCurrencyConflict] })

    const same = await sendForm(ctx, 'PUT', `/api/v1/bump-offer/${bump.id}/`, validBump({ currency: '1', headline: 'Renamed' }), headers)
    expect(same.statusCode).toBe(200)

    const detach = await sendForm(
      ctx,
      'PUT',
      `/api/v1/free-product/${free.id}/`,
      { headline: 'Free guide', url: 'https://example.com/guide.pdf', opt_in_button: 'Go', bump_offer_id: bump.id, upsell_offer_id: '' },
      headers,
    )
    expect(detach.statusCode).toBe(200)
    const allowed = await sendForm(ctx, 'PUT', `/api/v1/bump-offer/${bump.id}/`, validBump({ currency: '2' }), headers)
    expect(allowed.statusCode).toBe(200)
    expect(allowed.json()).toMatchObject({ currency: 2 })
  })
})
