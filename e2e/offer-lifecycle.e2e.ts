import path from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { expectAccessible } from './support/accessibility.js'
import { inviteSeller, type Journey, logIn, signUpThroughForm, startJourney } from './support/journey.js'
import { addFreeOfferWithBump, cardMenu, confirmDelete, expectNoSideScroll, runLifecycle, showView } from './support/offer-lifecycle.js'
import { addBumpOffer, offerCard, writePng } from './support/offers.js'
import { connectPaymentsInSettings } from './support/settings.js'

// Set to a folder to keep a picture of each list as a reviewer would see it.
const screenshotDir = process.env.E2E_SCREENSHOT_DIR
const snap = async (page: Page, name: string) => {
  if (screenshotDir) await page.screenshot({ path: path.join(screenshotDir, `${name}.png`), fullPage: true })
}

describe('a seller duplicates, archives, restores, searches and deletes offers from the lists (issue 15)', () => {
  let journey: Journey
  beforeAll(async () => {
    journey = await startJourney({ viewport: { width: 1280, height: 800 } })
  })
  afterAll(() => journey?.close())

  it('manages BUMP offers at 1280 px and free offers at 390 px; a BUMP in use cannot be deleted', async () => {
    const { page, server } = journey
    const seller = { fullName: 'Ada Lovelace', email: 'ada@example.com', password: 'analytical engine 1843' }
    await signUpThroughForm(page, await inviteSeller(server, seller.email), seller)
    await logIn(page, seller)
    // Decision D27: offers with a BUMP or OTO go live only once the seller can be paid.
    await connectPaymentsInSettings(page)

    // 1280 px: the BUMP list.
    await addBumpOffer(page, {
      url: 'https://files.example/workbook.pdf',
      headline: 'Workbook',
      description: 'Printable exercises',
      oldPrice: '19',
      newPrice: '9.99',
      image: await writePng('workbook.png'),
    })
    await page.waitForURL('**/dashboard/bump-offers')
    await offerCard(page, 'Workbook').waitFor()
    await expectAccessible(page, 'BUMP Offers with the lifecycle controls')
    await snap(page, 'bump-offers-1280')
    await page.getByRole('button', { name: 'More actions for Workbook' }).click()
    await page.getByRole('menuitem', { name: 'Duplicate' }).waitFor()
    await expectAccessible(page, 'BUMP card menu open')
    await page.keyboard.press('Escape')
    await page.getByRole('menu').waitFor({ state: 'detached' })

    const confirm = await runLifecycle(page, 'Workbook', 'BUMP Offer')
    await expectAccessible(page, 'Delete confirmation')
    await confirmDelete(page, 'BUMP Offer')
    await showView(page, 'Archived')
    await page.getByText('No archived offers', { exact: false }).waitFor()
    await expectAccessible(page, 'Archived BUMP Offers, empty')
    await showView(page, 'Active')
    expect(await confirm.count()).toBe(0)

    // A free offer uses the BUMP: deleting the BUMP is refused at once, naming it, with no confirm first.
    await addFreeOfferWithBump(page, 'The Guide', 'Workbook')
    await page.getByRole('link', { name: 'BUMP Offers' }).click()
    await cardMenu(page, 'Workbook', 'Delete')
    const refused = page.getByRole('dialog', { name: `"Workbook" can't be deleted yet` })
    await refused.getByText('These free offers use this BUMP offer.', { exact: false }).waitFor()
    await refused.getByRole('link', { name: 'The Guide' }).waitFor()
    expect(await page.getByRole('dialog', { name: 'Delete "Workbook"?' }).count()).toBe(0)
    await expectAccessible(page, 'Delete refused: BUMP in use')
    await refused.getByRole('button', { name: 'Close' }).click()
    await refused.waitFor({ state: 'detached' })
    await offerCard(page, 'Workbook').waitFor()

    // 390 px: the free offer list, on a phone.
    await page.setViewportSize({ width: 390, height: 844 })
    await page.goto('/dashboard/free-offers')
    await offerCard(page, 'The Guide').waitFor()
    await expectNoSideScroll(page)
    await expectAccessible(page, 'Free Offers (390 px)')
    await snap(page, 'free-offers-390')
    const menuButton = await page.getByRole('button', { name: 'More actions for The Guide' }).boundingBox()
    expect(menuButton?.height).toBeGreaterThanOrEqual(44)
    expect(menuButton?.width).toBeGreaterThanOrEqual(44)

    await runLifecycle(page, 'The Guide', 'Free Offer')
    await expectNoSideScroll(page)
    await expectAccessible(page, 'Delete confirmation (390 px)')
    await confirmDelete(page, 'Free Offer')
    await offerCard(page, 'The Guide').waitFor()
    await expectNoSideScroll(page)

    // And the refusal on a phone: archiving the BUMP a free offer uses.
    await page.goto('/dashboard/bump-offers')
    await cardMenu(page, 'Workbook', 'Archive')
    const archiveRefused = page.getByRole('dialog', { name: `"Workbook" can't be archived yet` })
    await archiveRefused.getByRole('link', { name: 'The Guide' }).waitFor()
    await expectNoSideScroll(page)
    await expectAccessible(page, 'Archive refused (390 px)')
    await snap(page, 'archive-refused-390')
  })
})
