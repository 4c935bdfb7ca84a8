import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import type { TestApp } from '../../../test/build-test-app.js'
import { describe, expect, test } from '../../../test/fixtures.js'
import { freeOffers } from '../offers/offers-tables.js'
import { accept, insertPostPurchaseFunnel, payFirstOrder } from './post-purchase-test-kit.js'

const pagesHost = { host: 'pages.funnelry.test' }
const pageOf = (ctx: TestApp, reference: string) =>
  ctx.app.inject({ url: `/thank-you-purchase?type=oto-offer&order=${encodeURIComponent(reference)}`, headers: pagesHost })

/**
 * Issue 26: the page the checkout sends a paid buyer to answers HTML that already shows the step's
 * offer (D34's words), so the phone paints the offer without loading the app or asking for it.
 */
describe('the post-purchase page, rendered by the server', () => {
  let ctx: TestApp
  let funnel: Awaited<ReturnType<typeof insertPostPurchaseFunnel>>
  // A web build's index.html: the public pages themselves are rendered from the web app's source.
  let webDist: string
  test.override('appOptions', () => ({ deps: { webDist } }))
  test.beforeEach(async () => {
    webDist = await mkdtemp(path.join(os.tmpdir(), 'funnelry-web-'))
    await writeFile(path.join(webDist, 'index.html'), '<!doctype html><div id="root"></div>')
  })
  test.afterEach(async () => {
    await rm(webDist, { recursive: true, force: true })
  })
  test.beforeEach(async ({ app }) => {
    ctx = app
    funnel = await insertPostPurchaseFunnel(ctx)
    await ctx.db.update(freeOffers).set({ logo: 'logos/acme.png' }).where(eq(freeOffers.id, funnel.offer.id))
  })

  test("shows step 1's offer, then step 2's once step 1 is answered, then the thank-you card", async () => {
    const { reference } = await payFirstOrder(ctx, funnel.offer.id, funnel.bump?.id)
    const first = await pageOf(ctx, reference)
    expect(first.statusCode).toBe(200)
    expect(first.body).toContain('Wait! Add this to your order with one click')
    expect(first.body).toContain('The Course')
    expect(first.body).toContain('Yes, add it — $49.00')
    expect(first.body).toContain('No thanks')
    expect(first.body).not.toContain('Thank You For Your Purchase!')
    // Issue 26: where the buyer is among the steps, and the seller's logo as on the offer page.
    expect(first.body).toContain('Step 1 of 2')
    const logo = first.body.match(/<img[^>]*class="fy-logo"[^>]*>/)?.[0]
    expect(logo).toContain(`alt="${funnel.businessName}"`)
    expect(logo).toMatch(/fetchpriority="low"/i)
    expect(logo).toContain('src="/media/logos/acme.png"')

    expect((await accept(ctx, reference, { step: 1, kind: 'upsell' })).json()).toEqual({ status: 'succeeded' })
    const second = (await pageOf(ctx, reference)).body
    expect(second).toContain('Yes, add it — $29.00')
    expect(second).not.toContain('Yes, add it — $49.00')
    expect(second).toContain('Step 2 of 2')

    expect((await accept(ctx, reference, { step: 2, kind: 'upsell' })).json()).toEqual({ status: 'succeeded' })
    const last = (await pageOf(ctx, reference)).body
    expect(last).toContain('Thank You For Your Purchase!')
    expect(last).not.toContain('Yes, add it')
  })

  test('a free order and an unknown reference get no offer', async () => {
    const free = await ctx.app.inject({ url: '/thank-you-purchase?type=free-offer&order=abc', headers: pagesHost })
    expect(free.body).not.toContain('Yes, add it')
    const unknown = await pageOf(ctx, 'no-such-reference')
    expect(unknown.statusCode).toBe(404)
    expect(unknown.body).not.toContain('Yes, add it')
  })
})
