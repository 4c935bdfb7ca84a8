import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { expectAccessible } from './support/accessibility.js'
import {
  connectLocalPayments,
  createBumpOffer,
  createFreeOffer,
  createSeller,
  createVariant,
  optIn,
  type Seller,
  sellerPassword,
} from './support/funnel.js'
import { type Journey, logIn, startJourney } from './support/journey.js'

/**
 * Issue 27 (decision D36): the Orders and Leads lists say which variant each visitor saw, fitting at
 * 1280 px and in the compact rows at 390 px; once the test ends, its original's preview still shows
 * the page it started from.
 */
const optInLabel = 'Send Me The Guide'
const original = 'The Product Launch Guide'
const variantHeadline = 'Launch Your Product in Seven Days'

describe('the variant each visitor saw, in the lists (issue 27)', () => {
  let journey: Journey
  let seller: Seller
  let offerId = ''
  let variantId = ''
  const buyer = { fullName: 'Grace Hopper', email: 'grace.variant@example.com' }

  beforeAll(async () => {
    journey = await startJourney({ viewport: { width: 1280, height: 800 } })
    const { server, page } = journey
    seller = await createSeller(server, 'variants@acme.example')
    await connectLocalPayments(server, seller, page)
    const bump = await createBumpOffer(server, seller, {
      url: 'https://acme.example/checklists.zip',
      headline: 'The Launch Checklists',
      new_price: '19.00',
      currency: '1',
    })
    const offer = await createFreeOffer(server, seller, {
      headline: original,
      url: 'https://acme.example/guide.pdf',
      opt_in_button: optInLabel,
      bump_offer_id: String(bump.id),
    })
    offerId = String(offer.id)
    variantId = String((await createVariant(server, seller, offerId, { headline: variantHeadline, weight: 50 })).id)
  })
  afterAll(() => journey?.close())

  it('a buyer of Variant B shows as such in Orders and Leads at 1280 and 390 px; the ended test keeps its original', async () => {
    const { browser, server, page } = journey

    // A visitor from an ad, kept on Variant B by the assignment cookie, buys the BUMP.
    const context = await browser.newContext({ baseURL: server.url, viewport: { width: 390, height: 844 } })
    try {
      const visitor = await context.newPage()
      const landing = `/free-offer/${offerId}?utm_source=facebook&utm_campaign=spring-launch`
      // The first view draws an arm and its view call marks that arm's cookie counted: wait for that answer, or its
      // Set-Cookie could land after ours and put the visitor back on the drawn arm.
      const viewCounted = visitor.waitForResponse((response) => response.url().includes(`/free-product/${offerId}/view/`))
      await visitor.goto(landing)
      await viewCounted
      // The page is served by the pages origin (a redirect away from the dashboard's): its cookie names the arm.
      await context.addCookies([{ name: `funnelry_split_${offerId}`, value: variantId, url: new URL(visitor.url()).origin }])
      await visitor.goto(landing)
      await visitor.getByRole('heading', { name: variantHeadline }).waitFor()
      await visitor.getByRole('checkbox', { name: 'Add to order' }).check()
      await optIn(visitor, optInLabel, buyer)
      await visitor.getByRole('button', { name: optInLabel }).click()
      await visitor.getByLabel('Card number').fill('4242 4242 4242 4242')
      await visitor.getByRole('button', { name: 'Pay $19.00' }).click()
      await visitor.getByText('Payment succeeded!').waitFor()
    } finally {
      await context.close()
    }

    await logIn(page, { email: seller.email, password: sellerPassword })
    for (const list of ['Orders', 'Leads']) {
      await page.goto(`/dashboard/${list.toLowerCase()}`)
      const table = page.getByRole('table', { name: list })
      const row = table.getByRole('row').filter({ hasText: buyer.email })
      await row.waitFor()
      const headers = await table.getByRole('columnheader').allTextContents()
      const cells = await row.getByRole('cell').allTextContents()
      expect(cells[headers.indexOf('Variant')]).toBe('Variant B')
      // Every column fits at 1280 px: the table does not scroll sideways, nor the page.
      expect(
        await table.evaluate((element) => (element.parentElement?.scrollWidth ?? 0) <= (element.parentElement?.clientWidth ?? 0)),
      ).toBe(true)
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280)
      if (process.env.E2E_SCREENSHOT_DIR)
        await page.screenshot({ path: `${process.env.E2E_SCREENSHOT_DIR}/variant-${list.toLowerCase()}-1280.png` })
      await expectAccessible(page, `${list} with a Variant column (1280 px)`)
    }

    await page.setViewportSize({ width: 390, height: 844 })
    await page.goto('/dashboard/orders')
    const compact = page.getByRole('list', { name: 'Orders' })
    await compact.getByRole('button', { expanded: false }).first().click()
    const details = compact.locator('dl').first()
    await details.waitFor()
    expect(await details.locator('dt:text-is("Variant") + dd').textContent()).toBe('Variant B')
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    if (process.env.E2E_SCREENSHOT_DIR) await page.screenshot({ path: `${process.env.E2E_SCREENSHOT_DIR}/variant-orders-390.png` })
    await expectAccessible(page, 'Orders with a row opened (390 px)')

    // "Make this the page": the variant becomes the page, and the ended test still previews the original as it was.
    const authorization = { authorization: `Bearer ${seller.token}` }
    const ended = await fetch(`${server.url}/api/v1/free-product/${offerId}/experiment/winner/`, {
      method: 'POST',
      headers: { ...authorization, 'content-type': 'application/json' },
      body: JSON.stringify({ variant_id: variantId }),
    })
    expect(ended.status).toBe(200)
    const { variants } = (await ended.json()) as { variants: { name: string; headline: string; preview_url: string }[] }
    expect(variants.map((arm) => [arm.name, arm.headline])).toEqual([
      ['Original', original],
      ['Variant B', variantHeadline],
    ])
    for (const arm of variants) {
      await page.goto(arm.preview_url)
      await page.getByRole('heading', { name: arm.headline }).waitFor()
    }
  })
})
