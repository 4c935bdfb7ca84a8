import { mkdtemp } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import type { Locator, Page } from 'playwright-core'
import sharp from 'sharp'

/** A real PNG (a purple 64×36 image) in a temp folder, for the drop zones' file inputs. */
export async function writePng(name = 'offer.png'): Promise<string> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'funnelry-e2e-images-'))
  const file = path.join(folder, name)
  await sharp({ create: { width: 64, height: 36, channels: 3, background: { r: 106, g: 27, b: 154 } } })
    .png()
    .toFile(file)
  return file
}

/**
 * Waits for a toast, then for it to leave (the product's toasts hide after 3 s), so the next toast
 * with the same words is surely a new one.
 */
export async function expectToast(page: Page, text: string) {
  const toast = page.getByText(text, { exact: true })
  await toast.waitFor()
  // A toast under the pointer pauses its timer.
  await page.mouse.move(0, 0)
  await toast.waitFor({ state: 'detached' })
}

/** Picks an option of a MUI select (its menu opens at the page's root). */
export async function chooseOffer(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click()
  await page.getByRole('option', { name: option, exact: true }).click()
}

/** The card of a list screen that shows this headline. */
export function offerCard(page: Page, headline: string): Locator {
  return page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: headline, exact: true }) })
}

/** Clicks a link that opens a new tab and returns that tab once its page has loaded. */
export async function openInNewTab(page: Page, link: Locator): Promise<Page> {
  const [tab] = await Promise.all([page.context().waitForEvent('page'), link.click()])
  await tab.waitForLoadState()
  return tab
}

export const field = (page: Page, label: string) => page.getByRole('textbox', { name: label, exact: true })

export type BumpOfferInput = { url: string; headline: string; description: string; oldPrice: string; newPrice: string; image: string }

export async function addBumpOffer(page: Page, bump: BumpOfferInput) {
  await page.goto('/dashboard/add-bump-offer')
  await page.getByRole('heading', { name: 'Add New BUMP Offer' }).waitFor()
  await field(page, 'Product URL').fill(bump.url)
  await field(page, 'Headline').fill(bump.headline)
  await field(page, 'Description').fill(bump.description)
  await field(page, 'Old Price').fill(bump.oldPrice)
  await field(page, 'New Price').fill(bump.newPrice)
  await page.getByLabel('Asset Image', { exact: true }).setInputFiles(bump.image)
  await page.getByRole('img', { name: 'Asset Image preview' }).waitFor()
  await page.getByRole('button', { name: 'Save' }).click()
  await expectToast(page, 'BUMP Offer was successfully added.')
}

export type OtoOfferInput = { headline: string; url: string; button: string; price: string; description: string }

/** Fills the OTO add screen (reached from the menu or from the free offer form's 'Add New') and saves it. */
export async function fillAndSaveOtoOffer(page: Page, oto: OtoOfferInput) {
  await page.getByRole('heading', { name: 'Add New OTO Offer' }).waitFor()
  await field(page, 'Headline').fill(oto.headline)
  await field(page, 'Product URL').fill(oto.url)
  await field(page, 'Opt-in Button Text').fill(oto.button)
  await field(page, 'Product Price').fill(oto.price)
  await field(page, 'Description').fill(oto.description)
  await page.getByRole('button', { name: 'Save' }).click()
  await expectToast(page, 'OTO Offer was successfully added.')
}
