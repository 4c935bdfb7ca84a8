import type { Page } from 'playwright-core'

/**
 * Follows a link of the dashboard's menu, opening the menu first on a phone (where it is a modal
 * drawer, so the page's own links are hidden from the query meanwhile).
 */
export async function followMenuLink(page: Page, name: string) {
  const openMenu = page.getByRole('button', { name: 'Open menu' })
  if (await openMenu.isVisible()) await openMenu.click()
  await page.getByRole('link', { name, exact: true }).click()
}

/** The question asked before leaving a form with changes not saved. */
export const leaveQuestion = (page: Page) => page.getByRole('dialog', { name: 'Leave without saving?' })
