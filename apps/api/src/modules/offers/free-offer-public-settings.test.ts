import { eq } from 'drizzle-orm'
import { eventually, type TestApp } from '../../../test/build-test-app.js'
import { createSellerSession } from '../../../test/factories.js'
import { describe, expect, test } from '../../../test/fixtures.js'
import { sellerDomains } from '../settings/settings-tables.js'
import { createFree } from './offer-test-kit.js'

describe("a free offer's public read carries its seller's settings", () => {
  let ctx: TestApp
  let owner: Awaited<ReturnType<typeof createSellerSession>>
  let other: Awaited<ReturnType<typeof createSellerSession>>
  let offerId: string

  test.beforeEach(async ({ app }) => {
    ctx = app
    owner = await createSellerSession(ctx)
    other = await createSellerSession(ctx)
    offerId = (await createFree(ctx, owner.headers)).id
    await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/advertising-pixel/',
      headers: other.headers,
      payload: { pixel_type: 'google', script: '<script>otherSeller()</script>' },
    })
  })

  const read = async () => (await ctx.app.inject({ method: 'GET', url: `/api/v1/free-product/${offerId}/` })).json()

  test('has the platform link, no pixels and no links before any settings', async () => {
    expect(await read()).toMatchObject({
      show_url: `http://pages.funnelry.test/free-offer/${offerId}`,
      advertising_pixels: [],
      consent_required: false,
      store_links: { privacy_policy: null, terms_and_conditions: null, support_link: null },
    })
  })

  test('asks for consent once the seller turns it on under Conversions API (D31), at once despite the cache', async () => {
    expect(await read()).toMatchObject({ consent_required: false })
    const saved = await ctx.app.inject({
      method: 'PUT',
      url: '/api/v1/conversions-api/',
      headers: owner.headers,
      payload: { meta: { pixel_id: null }, google: { measurement_id: null }, consent_required: true },
    })
    expect(saved.statusCode).toBe(200)
    await eventually(async () => (await read()).consent_required === true)
  })

  test("shows the seller's own pixels, company links and custom domain once saved", async () => {
    const pixel = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/advertising-pixel/',
      headers: owner.headers,
      payload: { pixel_type: 'facebook', script: '<script>fbq("init")</script>' },
    })
    expect(pixel.statusCode).toBe(201)
    const links = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/v1/store-settings/${owner.seller.id}/`,
      headers: owner.headers,
      payload: { privacy_policy: 'https://shop.example/privacy', support_link: 'https://shop.example/help' },
    })
    expect(links.statusCode).toBe(200)
    const domain = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/v1/domain-settings/${owner.seller.id}/`,
      headers: owner.headers,
      payload: { domain: 'https://Offers.Shop.Example/' },
    })
    expect(domain.statusCode).toBe(200)
    // Links move to the domain only once it is proven (docs/decisions/0004).
    expect((await read()).show_url).toBe(`http://pages.funnelry.test/free-offer/${offerId}`)
    await ctx.db.update(sellerDomains).set({ status: 'verified' }).where(eq(sellerDomains.sellerId, owner.seller.id))
    // The public read is cached; the change reaches it through the database's notification.
    const offer = await eventually(async () => {
      const current = await read()
      return current.show_url.startsWith('https://') && current
    })
    expect(offer.show_url).toBe(`https://offers.shop.example/free-offer/${offerId}`)
    expect(offer.advertising_pixels).toEqual([{ id: pixel.json().id, pixel_type: 'facebook', script: '<script>fbq("init")</script>' }])
    expect(offer.store_links).toEqual({
      privacy_policy: 'https://shop.example/privacy',
      terms_and_conditions: null,
      support_link: 'https://shop.example/help',
    })

    const list = await ctx.app.inject({ method: 'GET', url: '/api/v1/free-product/', headers: owner.headers })
    expect(list.json().results[0].show_url).toBe(`https://offers.shop.example/free-offer/${offerId}`)
  })
})
