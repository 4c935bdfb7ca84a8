import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { expectAccessible } from './support/accessibility.js'
import {
  addPixel,
  connectLocalPayments,
  createBumpOffer,
  createFreeOffer,
  createSeller,
  createUpsellOffer,
  logoImage,
  optIn,
  productImage,
  queryDatabase,
  type Seller,
  sellerPassword,
  setCompanyLinks,
  waitForEmail,
} from './support/funnel.js'
import { type Journey, logIn, startJourney } from './support/journey.js'

/** Set E2E_SCREENSHOT_DIR to keep pictures of the visitor's pages (phone size) for a visual check. */
const screenshotDir = process.env.E2E_SCREENSHOT_DIR

const urls = {
  guide: 'https://acme.example/guide.pdf',
  bump: 'https://acme.example/checklists.zip',
  upsell: 'https://acme.example/masterclass',
}

describe('a visitor on a phone goes through the public funnel', () => {
  let journey: Journey
  let seller: Seller
  let offerPath = ''

  beforeAll(async () => {
    journey = await startJourney({ viewport: { width: 390, height: 844 } })
    const { server, page } = journey
    seller = await createSeller(server, 'seller@acme.example')
    await connectLocalPayments(server, seller, page)
    const bump = await createBumpOffer(server, seller, {
      url: urls.bump,
      headline: 'Add the 10 launch checklists',
      description: 'Printable checklists for every day of your launch week.',
      old_price: '49.00',
      new_price: '19.00',
      currency: '1',
      asset_image: await productImage('Checklists', ['#ff9800', '#f44336'], { width: 600, height: 600 }),
    })
    const upsell = await createUpsellOffer(server, seller, {
      headline: 'The Launch Masterclass',
      url: urls.upsell,
      opt_in_button: 'Yes! Add the masterclass',
      product_price: '33.50',
      currency: '1',
      description: 'Three hours of video lessons that walk you through a launch, step by step.',
      asset_image: await productImage('Masterclass', ['#3f51b5', '#00bcd4']),
    })
    const offer = await createFreeOffer(server, seller, {
      headline: 'The 7-Day Product Launch Guide',
      sub_headline: 'Everything you need to launch your first digital product in one week.',
      url: urls.guide,
      opt_in_button: 'Send Me The Free Guide',
      is_active: 'true',
      asset_image: await productImage('Launch Guide', ['#6a1b9a', '#ab47bc']),
      logo: await logoImage('Acme Courses'),
      bump_offer_id: String(bump.id),
      upsell_offer_id: String(upsell.id),
    })
    offerPath = `/free-offer/${offer.id}`
    await addPixel(server, seller, { pixel_type: 'facebook', script: '<script>window.__pixelRan = true</script>' })
    await setCompanyLinks(server, seller, {
      privacy_policy: 'https://acme.example/privacy',
      terms_and_conditions: 'https://acme.example/terms',
      support_link: 'https://acme.example/support',
    })
  })
  afterAll(() => journey?.close())

  it('runs no pixel in preview mode (isPreview=true)', async () => {
    const { page } = journey
    await page.goto(`${offerPath}?isPreview=true`)
    await page.getByRole('heading', { name: 'The 7-Day Product Launch Guide' }).waitFor()
    await page.getByText('Preview', { exact: true }).waitFor()
    expect(await page.evaluate(() => (window as Window & { __pixelRan?: boolean }).__pixelRan)).toBeUndefined()
  })

  it("runs the seller's pixel on the live page, rendered from the offer inlined in the HTML", async () => {
    const { page } = journey
    const offerReads: string[] = []
    page.on('request', (request) => {
      if (request.method() === 'GET' && request.url().includes('/api/v1/free-product/')) offerReads.push(request.url())
    })
    await page.goto(offerPath)
    await page.getByRole('heading', { name: 'The 7-Day Product Launch Guide' }).waitFor()
    expect(offerReads).toEqual([])
    await page.waitForFunction(() => (window as Window & { __pixelRan?: boolean }).__pixelRan === true)
    await page.getByRole('link', { name: 'Refund Policy & Customer Service' }).waitFor()
    if (screenshotDir) await page.screenshot({ path: path.join(screenshotDir, 'free-offer-390.png'), fullPage: true })
  })

  it('gets the free download by email at opt-in, before anything else happens', async () => {
    const { page, server } = journey
    const visitor = { fullName: 'Ada Byron', email: 'ada.byron@example.com' }
    await page.goto(offerPath)
    await optIn(page, 'Send Me The Free Guide', visitor)
    await page.getByRole('button', { name: 'Send Me The Free Guide' }).click()
    // The visitor is now looking at the upsell and may leave: the download is already on its way.
    await page.getByText('Wait! Your Order Is Not Yet Complete').waitFor()
    await expectAccessible(page, 'Upsell')
    const email = await waitForEmail(server, visitor.email, 'free-download')
    expect(email.text).toContain(urls.guide)
    expect(email.text).not.toContain(urls.bump)
  })

  it("adds the bump, sees the upsell before the payment form, accepts it, and 'Pay $52.50' pays in one press", async () => {
    const { page, server } = journey
    const visitor = { fullName: 'Grace Hopper', email: 'grace@example.com' }
    await page.goto(offerPath)
    await page.getByRole('checkbox', { name: 'Add to order' }).waitFor()
    await expectAccessible(page, 'Public free offer page')
    await page.getByRole('checkbox', { name: 'Add to order' }).check()
    await optIn(page, 'Send Me The Free Guide', visitor)
    await page.getByRole('button', { name: 'Send Me The Free Guide' }).click()

    await page.getByText('Wait! Your Order Is Not Yet Complete').waitFor()
    if (screenshotDir) await page.screenshot({ path: path.join(screenshotDir, 'upsell-390.png'), fullPage: true })
    await page.getByRole('button', { name: 'Yes! Add the masterclass' }).click()

    await page.getByLabel('Card number').fill('4242 4242 4242 4242')
    if (screenshotDir) await page.screenshot({ path: path.join(screenshotDir, 'payment-390.png'), fullPage: true })
    await page.getByRole('button', { name: 'Pay $52.50' }).click()

    await page.getByText('Payment succeeded!').waitFor()
    await page.waitForURL('**/thank-you-purchase?type=oto-offer&order=*')
    await page.getByRole('heading', { name: 'Thank You For Your Purchase!' }).waitFor()
    await expectAccessible(page, 'Thank you for your purchase')
    // The summary of what was bought (the seller's purchase events: pixels.e2e.ts).
    const summary = page.getByRole('region', { name: 'Your order' })
    await summary.getByText('Add the 10 launch checklists').waitFor()
    await summary.getByText('The Launch Masterclass').waitFor()
    expect(await summary.getByTestId('receipt-total').textContent()).toBe('$52.50')
    if (screenshotDir) await page.screenshot({ path: path.join(screenshotDir, 'thank-you-390.png'), fullPage: true })
    await page.reload()
    await summary.getByText('The Launch Masterclass').waitFor()

    const email = await waitForEmail(server, visitor.email, 'purchase')
    expect(email.text).toContain(urls.bump)
    expect(email.text).toContain(urls.upsell)
    expect(email.text).toContain('Total: $52.50')
    // The free download left at opt-in; the purchase email links it again.
    expect((await waitForEmail(server, visitor.email, 'free-download')).text).toContain(urls.guide)
  })

  it("takes only the free download: 'Skip' goes to the thank-you page in one press", async () => {
    const { page, server } = journey
    const visitor = { fullName: 'Alan Turing', email: 'alan@example.com' }
    await page.goto(offerPath)
    await optIn(page, 'Send Me The Free Guide', visitor)
    await page.getByRole('button', { name: 'Send Me The Free Guide' }).click()

    await page.getByRole('button', { name: 'Skip and continue with My order!' }).click()

    await page.waitForURL('**/thank-you-purchase?type=free-offer&order=*')
    await page.getByRole('heading', { name: 'Congratulations for Claiming Your Free Download!' }).waitFor()
    const email = await waitForEmail(server, visitor.email, 'free-download')
    expect(email.text).toContain(urls.guide)
    expect(email.text).not.toContain(urls.bump)
    // One download email, from the opt-in: the free order sent no second one.
    const count = await queryDatabase<{ n: string }>(server, `select count(*) as n from emails where "to" = $1`, [visitor.email])
    expect(count[0]?.n).toBe('1')
  })

  it('keeps the decline of the test card 4000 0000 0000 0002 beside the card form until the card changes', async () => {
    const { page } = journey
    await page.goto(offerPath)
    await page.getByRole('checkbox', { name: 'Add to order' }).check()
    await optIn(page, 'Send Me The Free Guide', { fullName: 'Edsger Dijkstra', email: 'edsger@example.com' })
    await page.getByRole('button', { name: 'Send Me The Free Guide' }).click()
    await page.getByRole('button', { name: 'Skip and continue with My order!' }).click()
    await page.getByLabel('Card number').fill('4000 0000 0000 0002')
    await page.getByRole('button', { name: 'Pay $19.00' }).click()

    // Beside the card (not a toast that hides itself), announced to screen readers (role alert).
    const payment = page.getByRole('region', { name: 'Payment' })
    const declined = payment.getByRole('alert').filter({ hasText: 'Your card was declined.' })
    await declined.waitFor()
    expect(await page.getByText('Your card was declined.').count()).toBe(1)
    expect(new URL(page.url()).pathname).toBe(offerPath)
    if (screenshotDir) await page.screenshot({ path: path.join(screenshotDir, 'declined-390.png'), fullPage: true })
    await page.getByLabel('Card number').fill('4242 4242 4242 4242')
    await declined.waitFor({ state: 'detached' })
  })

  it("runs a seller's pixel on the pages origin, where the dashboard's stored tokens are out of its reach", async () => {
    const { browser, server } = journey
    // The seller is logged in to the dashboard in this browser: their tokens are in its storage.
    const context = await browser.newContext({ baseURL: server.url })
    const page = await context.newPage()
    await logIn(page, { email: seller.email, password: sellerPassword })
    const dashboardStorage = await page.evaluate(() => [...Object.values(localStorage), ...Object.values(sessionStorage)])
    const tokens = dashboardStorage.filter((value) => /^[\w-]+\.[\w-]+\.[\w-]+$/.test(value))
    expect(tokens.length).toBeGreaterThan(0)

    // A pixel that reports everything it can read from storage.
    await addPixel(server, seller, {
      pixel_type: 'google',
      script: `<script>window.__pixelSaw = { origin: location.origin, stored: Object.keys(localStorage).map(function (k) { return localStorage.getItem(k) }).concat(Object.keys(sessionStorage).map(function (k) { return sessionStorage.getItem(k) })) }</script>`,
    })
    // The live page asked for on the dashboard's origin opens on the pages origin.
    await page.goto(`${server.url}${offerPath}`)
    await page.getByRole('heading', { name: 'The 7-Day Product Launch Guide' }).waitFor()
    expect(new URL(page.url()).origin).toBe(server.pagesUrl)
    const seen = await page.waitForFunction(() => (window as Window & { __pixelSaw?: unknown }).__pixelSaw)
    const report = (await seen.jsonValue()) as { origin: string; stored: string[] }
    expect(report.origin).toBe(server.pagesUrl)
    for (const token of tokens) expect(report.stored).not.toContain(token)
    expect(report.stored.some((value) => tokens.some((token) => value.includes(token)))).toBe(false)
    await context.close()
  })

  it('lists no order for a visitor who ticks the bump and leaves; the seller sees the real ones', async () => {
    const { page, server } = journey
    await page.goto(offerPath)
    const drafted = page.waitForResponse((response) => response.url().includes('/stripe/payment-intent/') && response.ok())
    await page.getByRole('checkbox', { name: 'Add to order' }).check()
    // The draft exists (the server priced the bump) ...
    expect(await (await drafted).json()).toMatchObject({ amount: '19.00', order_reference: null })
    const drafts = await queryDatabase<{ n: string }>(server, `select count(*) as n from orders where status = 'draft'`)
    expect(Number(drafts[0]?.n)).toBeGreaterThan(0)
    // ... and the visitor leaves.
    await page.goto('about:blank')

    // The seller works at a desk: Orders is a table there.
    await page.setViewportSize({ width: 1280, height: 800 })
    await logIn(page, { email: seller.email, password: sellerPassword })
    await page.getByRole('link', { name: 'Orders' }).click()
    await page.getByRole('columnheader', { name: 'Amount' }).waitFor()
    const rows = page.getByRole('row')
    await rows.filter({ hasText: 'grace@example.com' }).waitFor()
    const texts = await rows.allTextContents()
    expect(texts.some((text) => text.includes('Visitor') || text.includes('visitor@example.com'))).toBe(false)
    // Every listed order has its visitor's email.
    expect(texts.slice(1).every((text) => text.includes('@example.com'))).toBe(true)
  })
})
