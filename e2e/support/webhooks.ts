import type { Locator, Page } from 'playwright-core'
import { expect } from 'vitest'
import { expectToast, settingsSection } from './settings.js'

/** Presses the webhook card's 'Send test' and waits for the toast that tells how it went. */
export async function sendTest(page: Page, toast: string) {
  await settingsSection(page, 'CRM Webhook').getByRole('button', { name: 'Send test' }).click()
  await expectToast(page, toast)
}

/** The newest entry of the delivery log. */
export function newestDelivery(page: Page): Locator {
  return settingsSection(page, 'CRM Webhook Deliveries').getByRole('list', { name: 'Deliveries' }).getByRole('listitem').first()
}

/** Nothing on the page is wider than the window (a phone must never scroll sideways). */
export async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
  expect(overflow).toBeLessThanOrEqual(0)
}
