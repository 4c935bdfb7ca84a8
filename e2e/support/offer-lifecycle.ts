import type { Page } from 'playwright-core'
import { expect } from 'vitest'
import { chooseOffer, expectToast, field, offerCard, writePng } from './offers.js'

/** Opens a card's "⋮" menu and picks one of its items. */
export async function cardMenu(page: Page, headline: string, item: 'Duplicate' | 'Archive' | 'Restore' | 'Delete') {
  await offerCard(page, headline)
    .getByRole('button', { name: `More actions for ${headline}` })
    .click()
  await page.getByRole('menuitem', { name: item, exact: true }).click()
}

/** Switches the list between its Active and Archived views. */
export async function showView(page: Page, view: 'Active' | 'Archived') {
  await page.getByRole('button', { name: view, exact: true }).click()
  await page.waitForURL((url) => (url.searchParams.get('archived') === 'true') === (view === 'Archived'))
}

/** Types a search and waits for it to reach the URL (it is sent once typing pauses). */
export async function searchFor(page: Page, text: string) {
  await page.getByRole('searchbox', { name: 'Search headlines' }).fill(text)
  await page.waitForURL((url) => (url.searchParams.get('search') ?? '') === text)
}

/** The page is no wider than the window: nothing scrolls sideways (issue 15, 390 px). */
export async function expectNoSideScroll(page: Page) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }))
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth)
}

/** Duplicate, archive, find in Archived, restore, search, delete with confirm: one offer's whole life on a list screen. */
export async function runLifecycle(page: Page, headline: string, kindName: string) {
  const copy = `Copy of ${headline}`
  await cardMenu(page, headline, 'Duplicate')
  await expectToast(page, `${kindName} was successfully duplicated.`)
  await offerCard(page, copy).waitFor()

  await cardMenu(page, copy, 'Archive')
  await expectToast(page, `${kindName} was successfully archived.`)
  await offerCard(page, copy).waitFor({ state: 'detached' })
  await showView(page, 'Archived')
  await offerCard(page, copy).waitFor()
  expect(await offerCard(page, headline).count()).toBe(0)

  await cardMenu(page, copy, 'Restore')
  await expectToast(page, `${kindName} was successfully restored.`)
  await page.getByText('No archived offers', { exact: false }).waitFor()
  await showView(page, 'Active')
  await offerCard(page, copy).waitFor()

  await searchFor(page, 'copy of')
  await offerCard(page, headline).waitFor({ state: 'detached' })
  await offerCard(page, copy).waitFor()
  // Reload keeps the search: it lives in the URL.
  await page.reload()
  await offerCard(page, copy).waitFor()
  expect(await page.getByRole('searchbox', { name: 'Search headlines' }).inputValue()).toBe('copy of')

  await cardMenu(page, copy, 'Delete')
  const confirm = page.getByRole('dialog', { name: `Delete "${copy}"?` })
  await confirm.waitFor()
  return confirm
}

/** Confirms the open delete dialog and waits for the emptied search. */
export async function confirmDelete(page: Page, kindName: string) {
  await page.getByRole('dialog').getByRole('button', { name: 'Delete', exact: true }).click()
  await expectToast(page, `${kindName} was successfully deleted.`)
  await page.getByText('No offers match "copy of".').waitFor()
  await searchFor(page, '')
}

/** A free offer through its form, with a BUMP attached from the dropdown. */
export async function addFreeOfferWithBump(page: Page, headline: string, bump: string) {
  await page.goto('/dashboard/add-free-offer')
  await page.getByRole('heading', { name: 'Add New Free Offer' }).waitFor()
  await field(page, 'Headline').fill(headline)
  await field(page, 'Sub Headline').fill('Everything you need to start')
  await field(page, 'Asset URL').fill('https://files.example/guide.pdf')
  await field(page, 'Opt-in Button Text').fill('Get it now')
  await page.getByLabel('Asset Image', { exact: true }).setInputFiles(await writePng('cover.png'))
  await chooseOffer(page, 'BUMP Offer', bump)
  await page.getByRole('button', { name: 'Save' }).click()
  await expectToast(page, 'Free Offer was successfully added.')
  await page.waitForURL('**/dashboard/free-offers')
}
