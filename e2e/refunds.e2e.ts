import path from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { expectAccessible } from './support/accessibility.js'
import {
  connectLocalPayments,
  createBumpOffer,
  createFreeOffer,
  createSeller,
  createUpsellOffer,
  optIn,
  type Seller,
  sellerPassword,
  waitForEmail,
} from './support/funnel.js'
import { type Journey, logIn, startJourney } from './support/journey.js'

const screenshotDir = process.env.E2E_SCREENSHOT_DIR

/** Decision D35 at 390 and 1280 px: a seller refunds one line of a paid order from Orders. */
describe('a seller refunds one line of an order', () => {
  let journey: Journey
  let seller: Seller
  let offerPath = ''

  beforeAll(async () => {
    journey = await startJourney({ viewport: { width: 1280, height: 800 } })
    const { server, page } = journey
    seller = await createSeller(server, 'refunds@acme.example')
    await connectLocalPayments(server, seller, page)
    const bump = await createBumpOffer(server, seller, {
      url: 'https://acme.example/checklists.zip',
      headline: 'Launch checklists',
      new_price: '19.00',
      currency: '1',
    })
    const upsell = await createUpsellOffer(server, seller, {
      headline: 'The Launch Masterclass',
      url: 'https://acme.example/masterclass',
      opt_in_button: 'Yes! Add the masterclass',
      product_price: '33.50',
      currency: '1',
    })
    const offer = await createFreeOffer(server, seller, {
      headline: 'The Launch Guide',
      url: 'https://acme.example/guide.pdf',
      opt_in_button: 'Send Me The Guide',
      is_active: 'true',
      bump_offer_id: String(bump.id),
      upsell_offer_id: String(upsell.id),
    })
    offerPath = `/free-offer/${offer.id}`
  })
  afterAll(() => journey?.close())

  /** A visitor buys the bump and the upsell ($52.50) on this page. */
  async function buy(page: Page, buyer: { fullName: string; email: string }) {
    await page.goto(offerPath)
    await page.getByRole('checkbox', { name: 'Add to order' }).check()
    await optIn(page, 'Send Me The Guide', buyer)
    await page.getByRole('button', { name: 'Send Me The Guide' }).click()
    await page.getByRole('button', { name: 'Yes! Add the masterclass' }).click()
    await page.getByLabel('Card number').fill('4242 4242 4242 4242')
    await page.getByRole('button', { name: 'Pay $52.50' }).click()
    await page.getByText('Payment succeeded!').waitFor()
  }

  for (const width of [390, 1280]) {
    it(`at ${width} px: opens the order, refunds the checklists after a confirm naming $19.00, and sees the statuses`, async () => {
      const { browser, server } = journey
      const context = await browser.newContext({ baseURL: server.url, viewport: { width, height: width < 600 ? 844 : 800 } })
      const page = await context.newPage()
      try {
        const buyer = { fullName: `Buyer ${width}`, email: `buyer-${width}@example.com` }
        await buy(page, buyer)

        await logIn(page, { email: seller.email, password: sellerPassword })
        await page.goto('/dashboard/orders')
        if (width < 900) {
          // A phone's compact row opens to every detail, the buyer's link among them.
          await page.getByRole('button').filter({ hasText: buyer.fullName }).click()
        }
        await page.getByRole('link', { name: `Order of ${buyer.fullName}` }).click()
        await page.getByRole('heading', { level: 1, name: buyer.fullName }).waitFor()
        await page.getByRole('listitem', { name: 'Launch checklists' }).waitFor()
        await expectAccessible(page, `Order (${width} px)`)

        await page.getByRole('checkbox', { name: 'Launch checklists $19.00', exact: true }).check()
        await page.getByRole('button', { name: 'Refund $19.00' }).click()
        const dialog = page.getByRole('dialog', { name: 'Refund $19.00?' })
        await expect(dialog.textContent()).resolves.toContain(
          `$19.00 goes back to ${buyer.fullName} (${buyer.email}) for Launch checklists.`,
        )
        await expectAccessible(page, `Refund confirm (${width} px)`)
        if (screenshotDir) await page.screenshot({ path: path.join(screenshotDir, `refund-confirm-${width}.png`) })
        await dialog.getByRole('button', { name: 'Refund', exact: true }).click()

        await page.getByText('Refunded $19.00.').waitFor()
        await page.getByRole('listitem', { name: 'Launch checklists' }).getByText('Refunded').waitFor()
        await expect(page.getByRole('listitem', { name: 'The Launch Masterclass' }).textContent()).resolves.toContain('Paid')
        await page.getByText('Partially refunded').first().waitFor()
        if (screenshotDir) await page.screenshot({ path: path.join(screenshotDir, `order-refunded-${width}.png`), fullPage: true })
        // Nothing wider than the screen.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)

        const email = await waitForEmail(server, buyer.email, 'refund')
        expect(email.text).toContain('has refunded $19.00 for:\n\n- Launch checklists ($19.00)')
      } finally {
        await context.close()
      }
    })
  }

  it('counts only the money kept as revenue', async () => {
    const response = await fetch(`${journey.server.url}/api/v1/free-product/${offerPath.split('/').at(-1)}/stats/`, {
      headers: { authorization: `Bearer ${seller.token}` },
    })
    // Two orders of $52.50, each with $19.00 given back.
    expect(await response.json()).toMatchObject({ paid_orders: 2, revenue: '67.00' })
  })
})
