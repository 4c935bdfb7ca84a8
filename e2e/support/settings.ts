import type { Locator, Page } from 'playwright-core'

/** A card of the Settings screen, found by its title. */
export function settingsSection(page: Page, title: string): Locator {
  return page.getByRole('region', { name: title })
}

/** Opens Settings and waits until every card has its data (no loading placeholders left). */
export async function openSettings(page: Page) {
  await page.goto('/dashboard/settings')
  await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor()
  await settingsSection(page, 'Payment Account').getByRole('button', { name: 'Connect Payment Account' }).waitFor()
  await page.waitForFunction(() => document.querySelectorAll('[aria-busy="true"]').length === 0)
}

/** Picks an option of a MUI select inside `scope` (the menu itself opens at the page's root). */
export async function chooseIn(scope: Locator, label: string, option: string) {
  await scope.getByRole('combobox', { name: label }).click()
  await scope.page().getByRole('option', { name: option, exact: true }).click()
}

/**
 * Waits for a toast and then for it to leave the page (the product's toasts hide after 3 s), so
 * that the next toast with the same words is surely a new one.
 */
export async function expectToast(page: Page, text: string) {
  const toast = page.getByText(text, { exact: true })
  await toast.waitFor()
  // A toast under the pointer (it opens where the button just clicked may be) pauses its timer.
  await page.mouse.move(0, 0)
  await toast.waitFor({ state: 'detached' })
}

export type SettingsValues = {
  domain: string
  webhook: { url: string; emailKey: string; fullNameKey: string }
  company: { privacyPolicy: string; terms: string; support: string }
}

export async function saveDomain(page: Page, domain: string) {
  const section = settingsSection(page, 'Custom Domain')
  await section.getByLabel('Domain').fill(domain)
  await section.getByRole('button', { name: 'Save' }).click()
  await expectToast(page, 'Custom Domain was successfully updated.')
}

/** Adds a pixel through 'Add Pixel'; it becomes the last stored entry. */
export async function addPixel(page: Page, type: 'Facebook' | 'Google', script: string) {
  const section = settingsSection(page, 'Advertising Pixels')
  await section.getByRole('button', { name: 'Add Pixel' }).click()
  const entry = section.getByRole('form', { name: 'New pixel' })
  await chooseIn(entry, 'Pixel Type', type)
  await entry.getByLabel('Script').fill(script)
  await entry.getByRole('button', { name: 'Save' }).click()
  await expectToast(page, `${type} Script was successfully updated.`)
}

export async function saveWebhook(page: Page, webhook: SettingsValues['webhook']) {
  const section = settingsSection(page, 'CRM Webhook')
  await section.getByLabel('Webhook URL').fill(webhook.url)
  await section.getByLabel('Email Key').fill(webhook.emailKey)
  await section.getByLabel('Full Name Key').fill(webhook.fullNameKey)
  await section.getByRole('button', { name: 'Save' }).click()
  await expectToast(page, 'Webhook information was successfully updated.')
}

export async function saveCompanyData(page: Page, company: SettingsValues['company']) {
  const section = settingsSection(page, 'Company Data')
  await section.getByLabel('Privacy Policy').fill(company.privacyPolicy)
  await section.getByLabel('Terms and Conditions').fill(company.terms)
  await section.getByLabel('Support Link').fill(company.support)
  await section.getByRole('button', { name: 'Save' }).click()
  await expectToast(page, 'Company Data was successfully updated.')
}

/**
 * Connects the local test provider's account through Settings, as a seller does before their offers
 * with a BUMP or OTO can go live (decision D27).
 */
export async function connectPaymentsInSettings(page: Page) {
  await openSettings(page)
  const payment = settingsSection(page, 'Payment Account')
  await payment.getByText('Not connected', { exact: true }).waitFor()
  await chooseIn(payment, 'Do you have a payment provider account?', 'No')
  await payment.getByRole('button', { name: 'Connect Payment Account' }).click()
  await page.getByRole('button', { name: 'Approve' }).click()
  await page.getByRole('heading', { name: 'Thank You for Setting Up Your Account!' }).waitFor()
}
