import { eq } from 'drizzle-orm'
import type { TestApp } from '../../../test/build-test-app.js'
import { createSellerSession } from '../../../test/factories.js'
import { describe, expect, test } from '../../../test/fixtures.js'
import { createConversionsModule } from '../conversions/conversions-module.js'
import { createOfferPublicContext, publicOfferLinkBase } from './offer-public-context.js'
import { sellerDomains } from './settings-tables.js'

/** The conversions module's consent setting (D31), built as createApiModules builds it. */
const consentOf = (ctx: TestApp) =>
  createConversionsModule({
    db: ctx.db,
    jobs: ctx.jobs,
    now: ctx.clock.now,
    publicUrl: ctx.config.publicUrl,
    urls: { metaGraphUrl: ctx.config.META_GRAPH_URL, ga4Url: ctx.config.GA4_MP_URL },
    log: () => {},
  }).services.consentRequired

describe('the public offer context of a seller', () => {
  let ctx: TestApp
  test.beforeEach(async ({ app }) => {
    ctx = app
  })

  test('uses the pages origin and empty settings for a new seller', async () => {
    const { seller } = await createSellerSession(ctx)
    const context = createOfferPublicContext({ db: ctx.db, pagesUrl: ctx.config.pagesUrl, consentRequired: consentOf(ctx) })
    expect(await context.forSeller(seller.id)).toEqual({
      linkBase: 'http://pages.funnelry.test',
      advertising_pixels: [],
      consent_required: false,
      store_links: { privacy_policy: null, terms_and_conditions: null, support_link: null },
    })
  })

  test("carries the seller's domain, pixels and company links, and nobody else's", async () => {
    const owner = await createSellerSession(ctx)
    const other = await createSellerSession(ctx)
    const inject = (session: typeof owner, method: 'POST' | 'PATCH', url: string, payload: object) =>
      ctx.app.inject({ method, url: `/api/v1${url}`, headers: session.headers, payload })
    await inject(owner, 'PATCH', `/domain-settings/${owner.seller.id}/`, { domain: 'Shop.Example.com' })
    // Not proven yet: links stay on the pages origin.
    expect(await publicOfferLinkBase(ctx.db, ctx.config.pagesUrl, owner.seller.id)).toBe('http://pages.funnelry.test')
    await ctx.db.update(sellerDomains).set({ status: 'verified' }).where(eq(sellerDomains.sellerId, owner.seller.id))
    await inject(owner, 'PATCH', `/store-settings/${owner.seller.id}/`, { privacy_policy: 'https://shop.example.com/privacy' })
    const pixel = (await inject(owner, 'POST', '/advertising-pixel/', { pixel_type: 'facebook', script: '<script>fb()</script>' })).json()
    await inject(other, 'POST', '/advertising-pixel/', { pixel_type: 'google', script: '<script>theirs()</script>' })
    await ctx.app.inject({
      method: 'PUT',
      url: '/api/v1/conversions-api/',
      headers: owner.headers,
      payload: { meta: { pixel_id: null }, google: { measurement_id: null }, consent_required: true },
    })

    expect(await publicOfferLinkBase(ctx.db, ctx.config.pagesUrl, owner.seller.id)).toBe('https://shop.example.com')
    expect(await publicOfferLinkBase(ctx.db, ctx.config.pagesUrl, other.seller.id)).toBe('http://pages.funnelry.test')
    const context = createOfferPublicContext({ db: ctx.db, pagesUrl: ctx.config.pagesUrl, consentRequired: consentOf(ctx) })
    expect(await context.forSeller(owner.seller.id)).toEqual({
      linkBase: 'https://shop.example.com',
      advertising_pixels: [{ id: pixel.id, pixel_type: 'facebook', script: '<script>fb()</script>' }],
      consent_required: true,
      store_links: { privacy_policy: 'https://shop.example.com/privacy', terms_and_conditions: null, support_link: null },
    })
    expect((await context.forSeller(other.seller.id)).consent_required).toBe(false)
  })
})
