import type { BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { expectAccessible } from './support/accessibility.js'
import {
  addPixel,
  connectLocalPayments,
  createBumpOffer,
  createFreeOffer,
  createSeller,
  createUpsellOffer,
  optIn,
  productImage,
  queryDatabase,
  type Seller,
  sellerPassword,
  setConsentRequired,
} from './support/funnel.js'
import { type Journey, logIn, startJourney } from './support/journey.js'
import { type PlatformCall, type RecordedCalls, readRecordedCalls, stubPlatformScripts } from './support/platform-stubs.js'

/**
 * Issue 24 and decisions D28, D29: a visitor's funnel sends the standard events to the seller's
 * Meta pixel and GA4 tag, both pasted as bare IDs, with the ids the server uses. The platforms'
 * scripts are recording stubs (support/platform-stubs.ts).
 */
const metaPixelId = '123456789012345'
const googleTagId = 'G-TEST12345'

const named = (calls: PlatformCall[], ...prefix: unknown[]) => calls.filter((call) => prefix.every((part, index) => call[index] === part))
const recorded = (page: Page): Promise<RecordedCalls> => page.evaluate(readRecordedCalls)

/** Waits until the page's recorded calls satisfy `done`, and returns them. */
async function waitForCalls(page: Page, done: (calls: RecordedCalls) => boolean): Promise<RecordedCalls> {
  for (;;) {
    const calls = await recorded(page)
    if (done(calls)) return calls
    await page.waitForTimeout(100)
  }
}

describe.each([
  { width: 390, height: 844 },
  { width: 1280, height: 900 },
])('seller pixels at $width px', (viewport) => {
  let journey: Journey
  let seller: Seller
  let context: BrowserContext
  let page: Page
  let requested: string[]
  let offerPath = ''
  let offerId = ''

  beforeAll(async () => {
    journey = await startJourney({ viewport })
    const { server } = journey
    seller = await createSeller(server, 'seller@pixels.example')
    await connectLocalPayments(server, seller, journey.page)
    const bump = await createBumpOffer(server, seller, {
      url: 'https://acme.example/checklists.zip',
      headline: 'Add the checklists',
      description: 'Printable checklists.',
      old_price: '49.00',
      new_price: '19.00',
      currency: '1',
      asset_image: await productImage('Checklists', ['#ff9800', '#f44336'], { width: 600, height: 600 }),
    })
    const upsell = await createUpsellOffer(server, seller, {
      headline: 'The Masterclass',
      url: 'https://acme.example/masterclass',
      opt_in_button: 'Yes! Add the masterclass',
      product_price: '33.50',
      currency: '1',
      description: 'Video lessons.',
      asset_image: await productImage('Masterclass', ['#3f51b5', '#00bcd4']),
    })
    const offer = await createFreeOffer(server, seller, {
      headline: 'The Launch Guide',
      sub_headline: 'Launch in a week.',
      url: 'https://acme.example/guide.pdf',
      opt_in_button: 'Send Me The Guide',
      is_active: 'true',
      asset_image: await productImage('Launch Guide', ['#6a1b9a', '#ab47bc']),
      bump_offer_id: String(bump.id),
      upsell_offer_id: String(upsell.id),
    })
    offerId = String(offer.id)
    offerPath = `/free-offer/${offerId}`
    await addPixel(server, seller, { pixel_type: 'facebook', script: metaPixelId })
    await addPixel(server, seller, { pixel_type: 'google', script: googleTagId })
    context = await journey.browser.newContext({ baseURL: server.url, viewport })
    requested = await stubPlatformScripts(context)
    page = await context.newPage()
  })
  afterAll(async () => {
    await context?.close()
    await journey?.close()
  })

  it('sends PageView, Lead lead.<id>, a PageView for the upsell, InitiateCheckout, then Purchase order.<id> with its value on the thank-you page', async () => {
    await page.goto(offerPath)
    await page.getByRole('heading', { name: 'The Launch Guide' }).waitFor()
    // The standard loaders the IDs became: Meta's base code and Google's gtag.js.
    let calls = await waitForCalls(
      page,
      (found) => named(found.meta, 'track', 'PageView').length > 0 && named(found.google, 'config').length > 0,
    )
    expect(named(calls.meta, 'init')).toEqual([['init', metaPixelId]])
    expect(named(calls.google, 'config')).toEqual([['config', googleTagId]])

    const visitor = { fullName: 'Grace Hopper', email: `grace.${viewport.width}@example.com` }
    await page.getByRole('checkbox', { name: 'Add to order' }).check()
    await optIn(page, 'Send Me The Guide', visitor)
    await page.getByRole('button', { name: 'Send Me The Guide' }).click()
    await page.getByText('Wait! Your Order Is Not Yet Complete').waitFor()

    const [lead] = await queryDatabase<{ id: string }>(journey.server, 'select id from leads where email = $1', [visitor.email])
    const leadEventId = `lead.${lead?.id}`
    calls = await waitForCalls(
      page,
      (found) => named(found.meta, 'track', 'Lead').length > 0 && named(found.meta, 'track', 'PageView').length > 1,
    )
    expect(named(calls.meta, 'track', 'Lead')).toEqual([['track', 'Lead', {}, { eventID: leadEventId }]])
    expect(named(calls.google, 'event', 'generate_lead')).toEqual([['event', 'generate_lead', { transaction_id: leadEventId }]])
    expect(named(calls.meta, 'track', 'PageView')).toHaveLength(2)

    await page.getByRole('button', { name: 'Yes! Add the masterclass' }).click()
    await page.getByLabel('Card number').fill('4242 4242 4242 4242')
    calls = await waitForCalls(page, (found) => named(found.meta, 'track', 'InitiateCheckout').length > 0)
    const [checkoutOrder] = await queryDatabase<{ id: string }>(journey.server, 'select id from orders where email = $1', [visitor.email])
    expect(named(calls.meta, 'track', 'InitiateCheckout')).toEqual([
      ['track', 'InitiateCheckout', { value: 52.5, currency: 'USD' }, { eventID: `checkout.${checkoutOrder?.id}` }],
    ])
    expect(named(calls.google, 'event', 'begin_checkout')).toEqual([['event', 'begin_checkout', { value: 52.5, currency: 'USD' }]])
    expect(named(calls.meta, 'track', 'Purchase')).toEqual([])

    await page.getByRole('button', { name: 'Pay $52.50' }).click()
    await page.waitForURL('**/thank-you-purchase?type=oto-offer&order=*')
    await page.getByRole('heading', { name: 'Thank You For Your Purchase!' }).waitFor()
    const [order] = await queryDatabase<{ id: string }>(journey.server, 'select id from orders where lead_id = $1', [lead?.id])
    const orderEventId = `order.${order?.id}`
    calls = await waitForCalls(
      page,
      (found) => named(found.meta, 'track', 'Purchase').length > 0 && named(found.google, 'event', 'purchase').length > 0,
    )
    expect(named(calls.meta, 'track', 'PageView')).toHaveLength(1)
    expect(named(calls.meta, 'track', 'Purchase')).toEqual([
      [
        'track',
        'Purchase',
        { value: 52.5, currency: 'USD', content_ids: expect.any(Array), content_type: 'product' },
        { eventID: orderEventId },
      ],
    ])
    expect(named(calls.google, 'event', 'purchase')).toEqual([
      ['event', 'purchase', { transaction_id: orderEventId, value: 52.5, currency: 'USD', items: expect.any(Array) }],
    ])

    // A reload of the thank-you page counts no second purchase.
    await page.reload()
    await page.getByRole('heading', { name: 'Thank You For Your Purchase!' }).waitFor()
    calls = await waitForCalls(page, (found) => named(found.meta, 'track', 'PageView').length > 0)
    await page.getByRole('region', { name: 'Your order' }).waitFor()
    expect(named((await recorded(page)).meta, 'track', 'Purchase')).toEqual([])
  })

  it('with consent asked (D31): a banner, no platform script and no event before Accept; Accept sets funnelry_consent=granted and runs them', async () => {
    const { server } = journey
    await setConsentRequired(server, seller, true)
    // The public offer is cached until the seller's change is announced: wait until it says so.
    for (;;) {
      const offer = (await (await fetch(`${server.pagesUrl}/api/v1/free-product/${offerId}/`)).json()) as { consent_required?: boolean }
      if (offer.consent_required) break
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    const visitor = await journey.browser.newContext({ baseURL: server.url, viewport })
    const asked = await stubPlatformScripts(visitor)
    const visitorPage = await visitor.newPage()
    try {
      await visitorPage.goto(offerPath)
      const banner = visitorPage.getByRole('region', { name: 'Cookie consent' })
      await banner.waitFor()
      await expectAccessible(visitorPage, 'Offer page with the consent banner')
      // The page can be scrolled out from under the banner: its end (the footer's links) shows above it.
      const endAboveBanner = await visitorPage.evaluate(() => {
        window.scrollTo(0, document.documentElement.scrollHeight)
        const bannerTop = document.querySelector('[data-fy-consent]')?.getBoundingClientRect().top ?? 0
        return (document.getElementById('root')?.getBoundingClientRect().bottom ?? Number.POSITIVE_INFINITY) <= bannerTop
      })
      expect(endAboveBanner).toBe(true)
      expect(asked).toEqual([])
      expect(await recorded(visitorPage)).toEqual({ meta: [], google: [] })
      expect(await visitorPage.evaluate(() => typeof (window as Window & { fbq?: unknown }).fbq)).toBe('undefined')
      const denied = await visitorPage.evaluate(() =>
        ((window as Window & { dataLayer?: IArguments[] }).dataLayer ?? []).map((entry) => Array.from(entry)),
      )
      expect(denied).toEqual([['consent', 'default', expect.objectContaining({ ad_storage: 'denied', analytics_storage: 'denied' })]])

      await banner.getByRole('button', { name: 'Accept' }).click()
      const calls = await waitForCalls(
        visitorPage,
        (found) => named(found.meta, 'track', 'PageView').length > 0 && named(found.google, 'config').length > 0,
      )
      expect(named(calls.google, 'consent', 'update')).toEqual([['consent', 'update', expect.objectContaining({ ad_storage: 'granted' })]])
      expect((await visitor.cookies()).find((cookie) => cookie.name === 'funnelry_consent')?.value).toBe('granted')
      await banner.waitFor({ state: 'detached' })
    } finally {
      await visitor.close()
      await setConsentRequired(server, seller, false)
    }
  })

  it('runs none of them in preview or on the dashboard', async () => {
    const before = requested.length
    const preview = await context.newPage()
    await preview.goto(`${offerPath}?isPreview=true`)
    await preview.getByText('Preview', { exact: true }).waitFor()
    await preview.waitForLoadState('networkidle')
    await logIn(preview, { email: seller.email, password: sellerPassword })
    await preview.goto('/dashboard/settings')
    await preview.waitForLoadState('networkidle')
    expect(requested.slice(before)).toEqual([])
    expect(await preview.evaluate(() => typeof (window as Window & { fbq?: unknown }).fbq)).toBe('undefined')
    await preview.close()
  })
})
