import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { expectAccessible } from './support/accessibility.js'
import {
  connectLocalPayments,
  createBumpOffer,
  createFreeOffer,
  createSeller,
  optIn,
  type Seller,
  sellerPassword,
} from './support/funnel.js'
import { type Journey, startJourney } from './support/journey.js'
import type { RunningServer } from './support/server.js'

/**
 * Issue 27: a seller tests two variants against the page (a new headline with a dearer BUMP, and
 * another headline), visitors split between the three pages, and the seller keeps the winner.
 */
const optInLabel = 'Send Me The Plan'
const original = 'The Seven-Day Meal Plan'
const variantHeadline = 'Dinner Sorted for a Whole Week'
const otherHeadline = 'Lunch and Dinner, Planned'
const viewports = { phone: { width: 390, height: 844 }, laptop: { width: 1280, height: 800 } }

type Visitor = { page: Page; close: () => Promise<void>; sawVariant: boolean; sawOriginal: boolean }

/** Which of the three pages a visitor's page shows. */
async function pageShown(page: Page) {
  const [sawVariant, sawOriginal] = await Promise.all([
    page.getByRole('heading', { name: variantHeadline }).isVisible(),
    page.getByRole('heading', { name: original }).isVisible(),
  ])
  return { sawVariant, sawOriginal }
}

/** A new visitor in a browser of their own (their own cookies), on the offer's public page. */
async function newVisitor(
  browser: Browser,
  server: RunningServer,
  offerId: string,
  viewport: { width: number; height: number },
): Promise<Visitor> {
  const context = await browser.newContext({ baseURL: server.url, viewport })
  const page = await context.newPage()
  await page.goto(`/free-offer/${offerId}`)
  await page.getByRole('button', { name: optInLabel }).waitFor()
  // The page's view call (after load, when idle) counts the visitor for their variant.
  await page.waitForLoadState('networkidle')
  return { page, close: () => context.close(), ...(await pageShown(page)) }
}

describe('split tests (issue 27)', () => {
  let journey: Journey
  let seller: Seller
  let cheapBump = ''

  beforeAll(async () => {
    journey = await startJourney()
    const { server, page } = journey
    seller = await createSeller(server, 'split@acme.example')
    cheapBump = String(
      (
        await createBumpOffer(server, seller, {
          url: 'https://acme.example/list.pdf',
          headline: 'Shopping lists',
          new_price: '9.00',
          currency: '1',
        })
      ).id,
    )
    await createBumpOffer(server, seller, {
      url: 'https://acme.example/pack.zip',
      headline: 'The Freezer Pack',
      new_price: '29.00',
      currency: '1',
    })
    await page.goto('/')
    await page.getByLabel('Email Address').fill(seller.email)
    await page.getByLabel('Password', { exact: true }).fill(sellerPassword)
    await page.getByRole('button', { name: 'Log In' }).click()
    await page.waitForURL('**/dashboard/free-offers')
    await connectLocalPayments(server, seller, page)
  })
  afterAll(() => journey?.close())

  for (const [device, viewport] of Object.entries(viewports)) {
    it(`on a ${device} (${viewport.width} px): start a test, visitors split and one buys, read the results, keep the winner, start a second test and read the first under Past tests`, async () => {
      const { browser, server, page } = journey
      await page.setViewportSize(viewport)
      const offer = await createFreeOffer(server, seller, {
        headline: original,
        url: 'https://acme.example/plan.pdf',
        opt_in_button: optInLabel,
        bump_offer_id: cheapBump,
        is_active: 'true',
      })
      const offerId = String(offer.id)

      // The seller starts the test from the offer page's header, in view without scrolling.
      await page.goto(`/dashboard/edit-free-offer/${offerId}`)
      const entry = page.getByRole('link', { name: 'Start a split test' })
      await entry.waitFor()
      expect(await entry.evaluate((link) => link.getBoundingClientRect().bottom <= window.innerHeight)).toBe(true)
      if (process.env.E2E_SCREENSHOT_DIR) await page.screenshot({ path: `${process.env.E2E_SCREENSHOT_DIR}/split-entry-${device}.png` })
      await entry.click()
      await page.getByRole('heading', { name: 'Start a split test' }).waitFor()
      const variantB = page.getByRole('region', { name: 'Variant B' })
      await variantB.getByLabel('Headline', { exact: true }).fill(variantHeadline)
      await variantB.getByRole('combobox', { name: 'BUMP offer' }).click()
      await page.getByRole('option', { name: 'The Freezer Pack', exact: true }).click()
      // A second variant: the visitors are split evenly again, the original keeping what does not divide.
      await page.getByRole('button', { name: 'Add another variant' }).click()
      const variantC = page.getByRole('region', { name: 'Variant C' })
      await variantC.getByLabel('Headline', { exact: true }).fill(otherHeadline)
      await variantC.getByRole('figure', { name: 'Preview of Variant C' }).getByText(otherHeadline).waitFor()
      await page.getByText('Original 34% · Variant B 33% · Variant C 33%').waitFor()
      await variantB.getByLabel('Share of visitors for this variant (%)').fill('40')
      await variantC.getByLabel('Share of visitors for this variant (%)').fill('20')
      await page.getByText('Original 40% · Variant B 40% · Variant C 20%').waitFor()
      await page.getByLabel('Minimum run (days)').fill('7')
      await page.getByLabel('Minimum visitors per variant').fill('1')
      await expectAccessible(page, `Start a split test (${device})`)
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width)
      if (process.env.E2E_SCREENSHOT_DIR)
        await page.screenshot({ path: `${process.env.E2E_SCREENSHOT_DIR}/split-start-${device}.png`, fullPage: true })
      await page.getByRole('button', { name: 'Start the test' }).click()
      // A table from tablet width up, a card per variant on a phone (every figure and the button in view).
      const phone = viewport.width < 600
      await page.getByRole(phone ? 'list' : 'table', { name: 'Split test results' }).waitFor()

      // While it runs, the offer's form says what a save would change, and its header leads back to the results.
      await page.goto(`/dashboard/edit-free-offer/${offerId}`)
      await page.getByText('A split test is running on this page').waitFor()
      await page.getByRole('link', { name: 'Split test results' }).click()
      await page.getByRole(phone ? 'list' : 'table', { name: 'Split test results' }).waitFor()

      // Visitors in browsers of their own are split between the pages, each keeping theirs on a reload.
      const visitors: Visitor[] = []
      try {
        while (!visitors.some((visitor) => visitor.sawVariant) || !visitors.some((visitor) => visitor.sawOriginal)) {
          visitors.push(await newVisitor(browser, server, offerId, viewport))
        }
        for (const visitor of visitors) {
          await visitor.page.reload()
          await visitor.page.getByRole('button', { name: optInLabel }).waitFor()
          expect(await pageShown(visitor.page)).toEqual({ sawVariant: visitor.sawVariant, sawOriginal: visitor.sawOriginal })
        }

        // A visitor of the variant buys its BUMP, priced at the variant's $29.00.
        const buyer = visitors.find((visitor) => visitor.sawVariant)?.page
        if (!buyer) throw new Error('no visitor saw the variant')
        await buyer.getByRole('checkbox', { name: 'Add to order' }).check()
        await optIn(buyer, optInLabel, { fullName: `Grace ${device}`, email: `grace.${device}@example.com` })
        await buyer.getByRole('button', { name: optInLabel }).click()
        await buyer.getByLabel('Card number').fill('4242 4242 4242 4242')
        await buyer.getByRole('button', { name: 'Pay $29.00' }).click()
        await buyer.waitForURL('**/thank-you-purchase?*')
      } finally {
        for (const visitor of visitors) await visitor.close()
      }

      // The results: every visitor counted in their arm, the sale in the variant's, no verdict before the minimum run.
      await page.reload()
      const variantRow = phone
        ? page.getByRole('list', { name: 'Split test results' }).getByRole('listitem', { name: 'Variant B' })
        : page.getByRole('table', { name: 'Split test results' }).getByRole('row', { name: /Variant B/ })
      await variantRow.getByText('$29.00').first().waitFor()
      await page.getByText('Inconclusive: the test runs at least 7 days').waitFor()
      const counted = await page.evaluate(
        (phone) =>
          phone
            ? [...document.querySelectorAll('ul[aria-label="Split test results"] > li dl > div:first-child > dd')].map((cell) =>
                Number(cell.textContent),
              )
            : [...document.querySelectorAll('table[aria-label="Split test results"] tbody tr')].map((row) =>
                Number(row.querySelectorAll('td')[1]?.textContent),
              ),
        phone,
      )
      expect(counted.reduce((sum, count) => sum + count, 0)).toBe(visitors.length)
      // All the visits came today: one day is not yet a line.
      await page.getByText('The plot appears after the second day.').waitFor()
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width)
      // Each "Make this the page" is in view, not scrolled out of the table's box (it showed as "Mak" at 1280 px).
      if (!phone) {
        const table = await page.getByRole('region', { name: 'Split test results, scrolls sideways' }).boundingBox()
        for (const name of ['Original', 'Variant B', 'Variant C']) {
          const button = await page.getByRole('button', { name: `Make this the page: ${name}` }).boundingBox()
          expect(button && table && button.x + button.width <= table.x + table.width).toBe(true)
        }
      }
      if (process.env.E2E_SCREENSHOT_DIR)
        await page.screenshot({ path: `${process.env.E2E_SCREENSHOT_DIR}/split-results-${device}.png`, fullPage: true })
      await expectAccessible(page, `Split test results (${device})`)

      // The seller keeps the variant: it becomes the page for everyone.
      await page.getByRole('button', { name: 'Make this the page: Variant B' }).click()
      const confirm = page.getByRole('dialog', { name: 'Make Variant B the page?' })
      await confirm.getByText('This ends the split test and makes Variant B the page').waitFor()
      await confirm.getByRole('button', { name: 'Make it the page' }).click()
      await page.getByRole('heading', { name: 'Ended: Variant B is the page' }).waitFor()
      await page.getByRole('heading', { name: 'Start a new split test' }).waitFor()
      expect(await page.getByText(/Inconclusive:/).count()).toBe(0)
      const after = await newVisitor(browser, server, offerId, viewport)
      try {
        expect(after.sawVariant).toBe(true)
      } finally {
        await after.close()
      }

      // A second test: its variant's name goes on from the first test's (B and C are taken), and the
      // first test stays readable, with its winner, under "Past tests".
      await page.getByRole('region', { name: 'Variant D' }).waitFor()
      await page.getByRole('button', { name: 'Start the test' }).click()
      await page.getByRole('heading', { name: 'Results so far' }).waitFor()
      await page.getByText('Original (test 2)').first().waitFor()
      await page.getByRole('link', { name: /See the past test/ }).click()
      const past = page.getByRole('region', { name: 'Past tests' })
      await past.getByRole('button', { name: /^Test 1: .* winner Variant B$/ }).click()
      await past.getByText('Variant B (winner)').waitFor()
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width)
      await expectAccessible(page, `Split test history (${device})`)
    })
  }
})
