import { messages, offerMessages } from '@funnelry/shared'
import type { TestApp } from '../../../test/build-test-app.js'
import { describe, expect, test } from '../../../test/fixtures.js'
import type { FormFields } from '../../../test/multipart.js'
import { createBump, createConnectedSellerSession, createFree, createUpsell, sendForm, validBump, validUpsell } from './offer-test-kit.js'
import { bumpCurrencyConflict, upsellCurrencyConflict } from './paid-add-on-kinds.js'

type Headers = Record<string, string>
const amountMessage = 'Enter an amount such as 19 or 19.99.'

/** What each paid add-on's calls must answer; every behaviour below is asserted for both kinds. */
const kinds = [
  {
    kind: 'bump',
    path: '/api/v1/bump-offer/',
    valid: validBump,
    create: createBump,
    other: 'upsell_offer_id',
    created: {
      fields: validBump({ old_price: '20', new_price: '9.5', currency: '2' }),
      body: {
        id: expect.any(String),
        headline: 'Checklist',
        description: 'A one-page checklist',
        asset_image: null,
        url: 'https://example.com/bump',
        currency: 2,
        old_price: '20.00',
        new_price: '9.50',
        created_at: expect.any(String),
        archived_at: null,
      },
    },
    // Only the url is required; empty optional fields are null and the currency defaults to 1.
    minimal: {
      fields: { url: 'https://example.com/only', headline: '', description: '  ', old_price: '', new_price: '', currency: '' },
      body: { headline: null, description: null, old_price: null, new_price: null, currency: 1 },
    },
    missing: { fields: { headline: 'No url' }, errors: { url: [messages.required] } },
    bad: [
      {
        fields: validBump({ url: 'ftp://example.com', old_price: '1.999', new_price: '-5', currency: '4' }),
        errors: { url: [messages.invalidUrl], old_price: [amountMessage], new_price: [amountMessage], currency: [offerMessages.currency] },
      },
      {
        fields: validBump({ currency: 'euro', new_price: 'ten' }),
        errors: { currency: [offerMessages.currency], new_price: [amountMessage] },
      },
    ],
    cleared: {
      fields: { url: 'https://example.com/v2', headline: 'Checklist v2', description: '', old_price: '', new_price: '0' },
      body: { url: 'https://example.com/v2', headline: 'Checklist v2', description: null, old_price: null, new_price: '0.00', currency: 1 },
    },
    conflict: bumpCurrencyConflict,
  },
  {
    kind: 'upsell',
    path: '/api/v1/upsell-offer/',
    valid: validUpsell,
    create: createUpsell,
    other: 'bump_offer_id',
    created: {
      fields: validUpsell({ product_price: '49.9', currency: '3' }),
      body: {
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
        archived_at: null,
      },
    },
    minimal: {
      fields: { headline: 'h', url: 'https://example.com/only', opt_in_button: 'Go', product_price: '5', video_url: '', description: ' ' },
      body: { video_url: null, description: null, currency: 1 },
    },
    missing: {
      fields: { description: 'only this' },
      errors: {
        headline: [messages.required],
        url: [messages.required],
        opt_in_button: [messages.required],
        product_price: [messages.required],
      },
    },
    bad: [
      {
        fields: validUpsell({ url: 'example.com', video_url: 'not a url', product_price: '12.345', currency: '0' }),
        errors: {
          url: [messages.invalidUrl],
          video_url: [messages.invalidUrl],
          product_price: [amountMessage],
          currency: [offerMessages.currency],
        },
      },
    ],
    cleared: {
      fields: validUpsell({ headline: 'Course v2', video_url: '', description: '', product_price: '0.5' }),
      body: { headline: 'Course v2', video_url: null, description: null, product_price: '0.50', url: 'https://example.com/course' },
    },
    conflict: upsellCurrencyConflict,
  },
] as const

describe.each(kinds)('$kind offers', (kind) => {
  let ctx: TestApp
  let headers: Headers
  test.beforeEach(async ({ app }) => {
    ctx = app
    ;({ headers } = await createConnectedSellerSession(ctx))
  })

  const send = (method: 'POST' | 'PUT', url: string, fields: FormFields) => sendForm(ctx, method, url, fields, headers)
  const withoutCurrency = (fields: FormFields) => Object.fromEntries(Object.entries(fields).filter(([name]) => name !== 'currency'))

  test('creates one from a multipart form: money as two-decimal strings, currency a number', async () => {
    const response = await send('POST', kind.path, kind.created.fields)
    expect(response.statusCode).toBe(201)
    expect(response.json()).toEqual(kind.created.body)
  })

  test('reads empty optional fields as null and defaults the currency to 1', async () => {
    const response = await send('POST', kind.path, kind.minimal.fields)
    expect(response.statusCode).toBe(201)
    expect(response.json()).toMatchObject(kind.minimal.body)
  })

  test("answers the spec's message for each missing required field", async () => {
    const response = await send('POST', kind.path, kind.missing.fields)
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({ detail: expect.any(String), ...kind.missing.errors })
  })

  test('answers a readable message for each bad value', async () => {
    for (const bad of kind.bad) {
      const response = await send('POST', kind.path, bad.fields)
      expect(response.statusCode).toBe(400)
      expect(response.json()).toEqual({ detail: expect.any(String), ...bad.errors })
    }
  })

  test('refuses unknown fields', async () => {
    const response = await send('POST', kind.path, kind.valid({ seller_id: 'someone', price: '1' }))
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({
      detail: expect.any(String),
      seller_id: ['This field is not accepted here.'],
      price: ['This field is not accepted here.'],
    })
  })

  test('reads one and replaces it with PUT, clearing the fields sent empty', async () => {
    const offer = await kind.create(ctx, headers)
    const read = await ctx.app.inject({ url: `${kind.path}${offer.id}/`, headers })
    expect(read.statusCode).toBe(200)
    expect(read.json()).toMatchObject({ id: offer.id, url: kind.valid().url })

    const put = await send('PUT', `${kind.path}${offer.id}/`, kind.cleared.fields)
    expect(put.statusCode).toBe(200)
    expect(put.json()).toMatchObject({ id: offer.id, ...kind.cleared.body })
    expect((await ctx.app.inject({ url: `${kind.path}${offer.id}/`, headers })).json()).toEqual(put.json())
  })

  test('keeps the currency on PUT when the form leaves it out', async () => {
    const offer = await kind.create(ctx, headers, { currency: '3' })
    const put = await send('PUT', `${kind.path}${offer.id}/`, withoutCurrency(kind.valid()))
    expect(put.statusCode).toBe(200)
    expect(put.json()).toMatchObject({ currency: 3 })
  })

  test('lists the dropdown newest first as {id, headline}', async () => {
    const seller = await createConnectedSellerSession(ctx)
    const first = await kind.create(ctx, seller.headers, { headline: 'First' })
    const second = await kind.create(ctx, seller.headers, { headline: 'Second' })
    const response = await ctx.app.inject({ url: `${kind.path}dropdown/`, headers: seller.headers })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual([
      { id: second.id, headline: 'Second' },
      { id: first.id, headline: 'First' },
    ])
  })

  test('answers 404 for an unknown or malformed id', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid', '1']) {
      const response = await ctx.app.inject({ url: `${kind.path}${id}/`, headers })
      expect(response.statusCode).toBe(404)
      expect(response.json()).toEqual({ detail: 'Not found.' })
    }
  })

  test('refuses a currency change that would split a free offer’s bump and upsell, and allows it once the other is detached', async () => {
    const bump = await createBump(ctx, headers, { currency: '1' })
    const upsell = await createUpsell(ctx, headers, { currency: '1' })
    const free = await createFree(ctx, headers, { bump_offer_id: bump.id, upsell_offer_id: upsell.id })
    const offer = kind.kind === 'bump' ? bump : upsell

    const refused = await send('PUT', `${kind.path}${offer.id}/`, kind.valid({ currency: '2' }))
    expect(refused.statusCode).toBe(400)
    expect(refused.json()).toEqual({ detail: expect.any(String), currency: [kind.conflict] })

    const same = await send('PUT', `${kind.path}${offer.id}/`, kind.valid({ currency: '1', headline: 'Renamed' }))
    expect(same.statusCode).toBe(200)

    const detach = await send('PUT', `/api/v1/free-product/${free.id}/`, {
      headline: 'Free guide',
      url: 'https://example.com/guide.pdf',
      opt_in_button: 'Go',
      bump_offer_id: bump.id,
      upsell_offer_id: upsell.id,
      [kind.other]: '',
    })
    expect(detach.statusCode).toBe(200)
    const allowed = await send('PUT', `${kind.path}${offer.id}/`, kind.valid({ currency: '2' }))
    expect(allowed.statusCode).toBe(200)
    expect(allowed.json()).toMatchObject({ currency: 2 })
  })
})

describe('who reads one paid add-on', () => {
  let ctx: TestApp
  let headers: Headers
  let stranger: Headers
  test.beforeEach(async ({ app }) => {
    ctx = app
    ;({ headers } = await createConnectedSellerSession(ctx))
    ;({ headers: stranger } = await createConnectedSellerSession(ctx))
  })

  test('a bump: only its seller (a visitor must sign in, another seller finds nothing)', async () => {
    const bump = await createBump(ctx, headers)
    const url = `/api/v1/bump-offer/${bump.id}/`
    expect((await ctx.app.inject({ url })).statusCode).toBe(401)
    expect((await ctx.app.inject({ url, headers: stranger })).statusCode).toBe(404)
    expect((await ctx.app.inject({ url, headers })).json()).toMatchObject({ id: bump.id, url: 'https://example.com/bump' })
  })

  test('an OTO: anyone without auth, leaving out the paid download link for all but its seller', async () => {
    const upsell = await createUpsell(ctx, headers)
    const url = `/api/v1/upsell-offer/${upsell.id}/`
    const visitor = await ctx.app.inject({ url })
    expect(visitor.statusCode).toBe(200)
    expect(visitor.json()).toMatchObject({ id: upsell.id, headline: 'The full course', product_price: '49.00', url: null })
    expect((await ctx.app.inject({ url, headers })).json()).toMatchObject({ url: 'https://example.com/course' })
    expect((await ctx.app.inject({ url, headers: stranger })).json()).toMatchObject({ url: null })
    const stale = await ctx.app.inject({ url, headers: { authorization: 'Bearer expired' } })
    expect(stale.statusCode).toBe(401)
  })

  test('an OTO by unknown or malformed id, read by a visitor: 404', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid', '1']) {
      const response = await ctx.app.inject({ url: `/api/v1/upsell-offer/${id}/` })
      expect(response.statusCode).toBe(404)
      expect(response.json()).toEqual({ detail: 'Not found.' })
    }
  })
})
