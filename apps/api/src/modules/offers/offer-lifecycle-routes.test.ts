import { offerLifecycleMessages } from '@funnelry/shared'
import { eq } from 'drizzle-orm'
import type { TestApp } from '../../../test/build-test-app.js'
import { describe, expect, test } from '../../../test/fixtures.js'
import { orders } from '../orders/orders-tables.js'
import {
  createBump,
  createConnectedSellerSession,
  createFree,
  createUpsell,
  imageBytes,
  imagePart,
  sendForm,
  validFree,
} from './offer-test-kit.js'

type Headers = Record<string, string>

/** A signed-in seller on `app` and the calls the tests make as them. */
async function sellerOn(ctx: TestApp) {
  const session = await createConnectedSellerSession(ctx)
  const { headers } = session
  const call = (method: 'POST' | 'DELETE' | 'GET', url: string, as: Headers | null = headers) =>
    ctx.app.inject({ method, url, headers: as ?? {} })
  return {
    ctx,
    headers,
    sellerId: session.seller.id,
    call,
    headlinesOf: async (url: string) =>
      ((await call('GET', url)).json() as { results: { headline: string }[] }).results.map((offer) => offer.headline),
    captureLead: (offerId: string, email: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/v1/seller/webhook/notify/',
        payload: { full_name: 'Ada Lovelace', email, product_id: offerId },
        remoteAddress: '203.0.113.9',
      }),
  }
}

describe('offer lifecycle: archive, restore, delete, duplicate; list search and sort', () => {
  test('archives a free offer: out of the list and the public page, no leads taken, listed as archived, restorable', async ({ app }) => {
    const { ctx, headers, call, headlinesOf, captureLead } = await sellerOn(app)
    const offer = await createFree(ctx, headers, { headline: 'Archive me' })
    // A visitor's read fills the public cache; archiving must empty it.
    expect((await call('GET', `/api/v1/free-product/${offer.id}/`, null)).statusCode).toBe(200)
    const archived = await call('POST', `/api/v1/free-product/${offer.id}/archive/`)
    expect(archived.statusCode).toBe(200)
    expect(archived.json().archived_at).toEqual(expect.any(String))

    expect(await headlinesOf('/api/v1/free-product/')).not.toContain('Archive me')
    expect(await headlinesOf('/api/v1/free-product/?archived=true')).toContain('Archive me')
    expect((await call('GET', `/api/v1/free-product/${offer.id}/`, null)).statusCode).toBe(404)
    expect((await captureLead(offer.id, 'late@example.com')).statusCode).toBe(400)
    // Its seller still reads it, to restore it.
    expect((await call('GET', `/api/v1/free-product/${offer.id}/`)).json().archived_at).not.toBeNull()

    const restored = await call('POST', `/api/v1/free-product/${offer.id}/restore/`)
    expect(restored.statusCode).toBe(200)
    expect(restored.json().archived_at).toBeNull()
    expect(await headlinesOf('/api/v1/free-product/')).toContain('Archive me')
    expect((await call('GET', `/api/v1/free-product/${offer.id}/`, null)).statusCode).toBe(200)
  })

  test('deletes a free offer without leads or orders, and refuses one with them (archive instead), keeping its leads', async ({ app }) => {
    const { ctx, headers, call, captureLead } = await sellerOn(app)
    const unused = await createFree(ctx, headers, { headline: 'Never used' })
    const deleted = await call('DELETE', `/api/v1/free-product/${unused.id}/`)
    expect(deleted.statusCode).toBe(204)
    expect((await call('GET', `/api/v1/free-product/${unused.id}/`)).statusCode).toBe(404)

    const used = await createFree(ctx, headers, { headline: 'Has a lead' })
    expect((await captureLead(used.id, 'lead@example.com')).statusCode).toBe(201)
    const refused = await call('DELETE', `/api/v1/free-product/${used.id}/`)
    expect(refused.statusCode).toBe(409)
    expect(refused.json()).toEqual({ detail: offerLifecycleMessages.hasSales('free', 1, 0), used_by: [] })
    expect(refused.json().detail).toBe('This free offer has 1 lead. Archive it instead: archived offers keep their leads and orders.')

    // Archived, it keeps its lead in the seller's Leads list.
    expect((await call('POST', `/api/v1/free-product/${used.id}/archive/`)).statusCode).toBe(200)
    const leadList = (await call('GET', `/api/v1/leads/?free_offer=${used.id}`)).json()
    expect(JSON.stringify(leadList)).toContain('lead@example.com')
  })

  test('refuses to delete or archive a BUMP or OTO a free offer uses, naming the free offers; detached, it can go', async ({ app }) => {
    const { ctx, headers, call, headlinesOf } = await sellerOn(app)
    const bump = await createBump(ctx, headers, { headline: 'Attached bump' })
    const upsell = await createUpsell(ctx, headers, { headline: 'Attached OTO' })
    const free = await createFree(ctx, headers, { headline: 'Uses both', bump_offer_id: bump.id, upsell_offer_id: upsell.id })

    for (const [path, id, kind] of [
      ['bump-offer', bump.id, 'bump'],
      ['upsell-offer', upsell.id, 'upsell'],
    ] as const) {
      // 'deletable' answers the delete's refusal without deleting, so the screen need not ask first.
      for (const action of ['deletable', 'DELETE', 'archive'] as const) {
        const response =
          action === 'deletable'
            ? await call('GET', `/api/v1/${path}/${id}/deletable/`)
            : action === 'DELETE'
              ? await call('DELETE', `/api/v1/${path}/${id}/`)
              : await call('POST', `/api/v1/${path}/${id}/archive/`)
        expect(response.statusCode).toBe(409)
        expect(response.json()).toEqual({
          detail: offerLifecycleMessages.attached(kind, ['Uses both']),
          used_by: [{ id: free.id, headline: 'Uses both' }],
        })
      }
    }
    expect((await call('DELETE', `/api/v1/bump-offer/${bump.id}/`)).json().detail).toBe(
      'This BUMP offer is used by the free offer "Uses both". Detach it there first.',
    )

    const detached = await sendForm(ctx, 'PUT', `/api/v1/free-product/${free.id}/`, validFree({ headline: 'Uses both' }), headers)
    expect(detached.statusCode).toBe(200)
    expect((await call('POST', `/api/v1/upsell-offer/${upsell.id}/archive/`)).statusCode).toBe(200)
    expect((await call('GET', `/api/v1/bump-offer/${bump.id}/deletable/`)).statusCode).toBe(204)
    expect((await call('DELETE', `/api/v1/bump-offer/${bump.id}/`)).statusCode).toBe(204)
    expect(await headlinesOf('/api/v1/upsell-offer/?archived=true')).toContain('Attached OTO')
    // An archived OTO is neither in the free offer form's dropdown nor attachable.
    const dropdown = (await call('GET', '/api/v1/upsell-offer/dropdown/')).json() as { id: string }[]
    expect(dropdown.map((item) => item.id)).not.toContain(upsell.id)
    const reattach = await sendForm(ctx, 'PUT', `/api/v1/free-product/${free.id}/`, validFree({ upsell_offer_id: upsell.id }), headers)
    expect(reattach.statusCode).toBe(400)
  })

  test('refuses to delete a BUMP some order bought (archive instead)', async ({ app }) => {
    const { ctx, headers, sellerId, call } = await sellerOn(app)
    const bump = await createBump(ctx, headers, { headline: 'Sold bump' })
    const free = await createFree(ctx, headers)
    await ctx.db.insert(orders).values({
      sellerId,
      freeOfferId: free.id,
      bumpOfferId: bump.id,
      amountCents: 999,
      currency: 1,
      status: 'paid',
      provider: 'local',
      intentId: `pi_${bump.id}`,
      fullName: 'Buyer',
      email: 'buyer@example.com',
    })
    const refused = await call('DELETE', `/api/v1/bump-offer/${bump.id}/`)
    expect(refused.statusCode).toBe(409)
    expect(refused.json().detail).toBe('This BUMP offer has 1 order. Archive it instead: archived offers keep their leads and orders.')
    expect((await call('POST', `/api/v1/bump-offer/${bump.id}/archive/`)).statusCode).toBe(200)
    expect(await ctx.db.select({ bump: orders.bumpOfferId }).from(orders).where(eq(orders.freeOfferId, free.id))).toEqual([
      { bump: bump.id },
    ])
  })

  test('duplicates each kind as "Copy of …" with a new id; a free offer copy starts inactive; shared images outlive the original', async ({
    app,
  }) => {
    const { ctx, headers, call } = await sellerOn(app)
    const image = imagePart(await imageBytes('png'), 'cover.png')
    const free = await createFree(ctx, headers, { headline: 'Original', asset_image: image })
    const copy = await call('POST', `/api/v1/free-product/${free.id}/duplicate/`)
    expect(copy.statusCode).toBe(201)
    const copied = copy.json()
    expect(copied).toMatchObject({
      headline: 'Copy of Original',
      is_active: false,
      archived_at: null,
      sub_headline: 'Everything in 10 pages',
    })
    expect(copied.id).not.toBe(free.id)
    expect(copied.asset_image).toEqual(expect.stringMatching(/^\/media\//))

    // Deleting the original keeps the file the copy shows.
    expect((await call('DELETE', `/api/v1/free-product/${free.id}/`)).statusCode).toBe(204)
    expect((await ctx.app.inject({ method: 'GET', url: copied.asset_image })).statusCode).toBe(200)

    const bump = await createBump(ctx, headers, { headline: 'Bump original' })
    const bumpCopy = await call('POST', `/api/v1/bump-offer/${bump.id}/duplicate/`)
    expect(bumpCopy.statusCode).toBe(201)
    expect(bumpCopy.json()).toMatchObject({ headline: 'Copy of Bump original', new_price: '9.99' })
    const upsell = await createUpsell(ctx, headers, { headline: 'OTO original' })
    const upsellCopy = await call('POST', `/api/v1/upsell-offer/${upsell.id}/duplicate/`)
    expect(upsellCopy.statusCode).toBe(201)
    expect(upsellCopy.json()).toMatchObject({ headline: 'Copy of OTO original', product_price: '49.00' })
  })

  test("answers 404 for another seller's offer and a malformed id, for every lifecycle call", async ({ app }) => {
    const { ctx, headers, call } = await sellerOn(app)
    const other = await createConnectedSellerSession(ctx)
    const offer = await createFree(ctx, headers, { headline: 'Mine' })
    for (const url of [
      `/api/v1/free-product/${offer.id}/archive/`,
      `/api/v1/free-product/${offer.id}/duplicate/`,
      '/api/v1/bump-offer/nope/restore/',
    ]) {
      expect((await call('POST', url, other.headers)).statusCode).toBe(404)
    }
    expect((await call('DELETE', `/api/v1/free-product/${offer.id}/`, other.headers)).statusCode).toBe(404)
    expect((await call('GET', `/api/v1/free-product/${offer.id}/deletable/`, other.headers)).statusCode).toBe(404)
    expect((await call('GET', `/api/v1/free-product/${offer.id}/deletable/`, null)).statusCode).toBe(401)
    expect((await call('DELETE', `/api/v1/free-product/${offer.id}/`, null)).statusCode).toBe(401)
    expect((await call('GET', `/api/v1/free-product/${offer.id}/`)).statusCode).toBe(200)
  })

  test('searches lists by any part of the headline in any case (wildcards typed literally), newest or oldest first, links keeping both', async ({
    app,
  }) => {
    const { ctx, call } = await sellerOn(app)
    const { headers: own } = await createConnectedSellerSession(ctx)
    for (const headline of ['Alpha guide', 'Beta GUIDE', 'Gamma notes', '100% guide']) await createFree(ctx, own, { headline })
    const list = async (query: string) =>
      (await call('GET', `/api/v1/free-product/${query}`, own)).json() as {
        results: { headline: string }[]
        count: number
        next: string | null
      }
    expect((await list('?search=guide')).results.map((offer) => offer.headline)).toEqual(['100% guide', 'Beta GUIDE', 'Alpha guide'])
    expect((await list('?search=guide&ordering=oldest')).results.map((offer) => offer.headline)).toEqual([
      'Alpha guide',
      'Beta GUIDE',
      '100% guide',
    ])
    expect((await list('?search=%25')).results.map((offer) => offer.headline)).toEqual(['100% guide'])
    const paged = await list('?search=guide&ordering=oldest&page_size=1')
    expect(paged.count).toBe(3)
    expect(paged.next).toContain('search=guide')
    expect(paged.next).toContain('ordering=oldest')
    const bad = await call('GET', '/api/v1/free-product/?ordering=sideways', own)
    expect(bad.statusCode).toBe(400)
    expect(bad.json().detail).toBe('ordering: ordering must be "newest" or "oldest".')
  })
})
