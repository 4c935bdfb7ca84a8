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

/**
 * Waits for the leave question; when it does not come, the error says what the page showed
 * instead (the dialogs in the DOM, which body children are hidden from assistive technology, where
 * focus is), so a failure seen once on a busy machine can be understood from its log.
 */
export async function waitForLeaveQuestion(page: Page) {
  try {
    await leaveQuestion(page).waitFor()
  } catch (error) {
    const seen = await page.evaluate(() => ({
      url: location.pathname,
      dialogs: [...document.querySelectorAll('[role="dialog"], [role="presentation"]')].map(
        (element) =>
          `${element.getAttribute('role')} "${element.textContent?.slice(0, 40)}" aria-hidden=${element.closest('[aria-hidden="true"]') ? 'inherited' : 'no'}`,
      ),
      bodyChildren: [...document.body.children].map(
        (child) =>
          `${child.tagName}#${child.id}.${child.className.toString().slice(0, 30)} aria-hidden=${child.getAttribute('aria-hidden')}`,
      ),
      focus: document.activeElement?.outerHTML.slice(0, 120),
    }))
    throw new Error(`the leave question did not show: ${JSON.stringify(seen, null, 2)}`, { cause: error })
  }
}
