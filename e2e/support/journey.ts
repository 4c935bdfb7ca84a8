import type { Browser, BrowserContext, Page } from 'playwright-core'
import { inject } from 'vitest'
import { expectAccessible } from './accessibility.js'
import { launchBrowser } from './browser.js'
import { watchContext } from './browser-log.js'
import { type RunningServer, startServer } from './server.js'

/** The longest a journey waits for one thing it needs to see (a page, a control, a navigation). */
const journeyWaitMs = 90_000

export type Journey = { server: RunningServer; browser: Browser; context: BrowserContext; page: Page; close: () => Promise<void> }

/**
 * Every context of the journey's browser (its own first one, and those a test opens for another
 * visitor or viewport) is watched for the failure log and waits up to `journeyWaitMs`. Journeys run
 * two at a time beside other work on two cores: a wait ends as soon as what it waits for is there,
 * so a bound well above Playwright's 30 s costs a passing journey nothing.
 */
function prepareContexts(browser: Browser) {
  const open = browser.newContext.bind(browser)
  browser.newContext = async (...options) => {
    const context = await open(...options)
    watchContext(context)
    context.setDefaultTimeout(journeyWaitMs)
    return context
  }
}

/** A running product, a browser, and one page; `viewport` defaults to a phone's. */
export async function startJourney(
  options: { viewport?: { width: number; height: number }; env?: Record<string, string> } = {},
): Promise<Journey> {
  const server = await startServer(options.env, { copyOf: inject('firstStartDataDir') })
  const browser = await launchBrowser()
  prepareContexts(browser)
  const context = await browser.newContext({ baseURL: server.url, viewport: options.viewport ?? { width: 390, height: 844 } })
  const page = await context.newPage()
  return {
    server,
    browser,
    context,
    page,
    async close() {
      await browser.close()
      await server.stop()
    },
  }
}

/** Runs `npm run invite -- <email>` and returns the sign-up link it prints last. */
export async function inviteSeller(server: RunningServer, email: string): Promise<string> {
  const output = await server.npm('run', 'invite', '--', email)
  const link = output.trim().split('\n').at(-1) ?? ''
  if (!link.includes('/sign-up?')) throw new Error(`invite printed no link:\n${output}`)
  return link
}

export type SellerDetails = { fullName: string; email: string; password: string }

/** Signs up through the real form, as an invited seller would. */
export async function signUpThroughForm(page: Page, link: string, seller: SellerDetails) {
  await page.goto(link)
  const fullName = page.getByLabel('Full Name')
  await fullName.waitFor()
  await page.waitForFunction(() => !document.querySelector('input[name="full_name"]')?.hasAttribute('disabled'))
  await expectAccessible(page, 'Sign Up')
  await fullName.fill(seller.fullName)
  await page.getByLabel('Business Name').fill('Acme Courses')
  await page.getByLabel('Website').fill('https://acme.example')
  await chooseOption(page, 'Business Industry', 'Education & Courses')
  await chooseOption(page, 'Staff Members', 'Just me')
  await chooseOption(page, 'Do you have a payment provider account?', 'No')
  await page.getByLabel('Password', { exact: true }).fill(seller.password)
  await page.getByLabel('Password Confirmation', { exact: true }).fill(seller.password)
  await page.getByRole('button', { name: 'Sign Up' }).click()
  await page.getByText('You were successfully registered. Please log in.').waitFor()
}

export async function logIn(page: Page, seller: Pick<SellerDetails, 'email' | 'password'>) {
  await page.goto('/')
  await page.getByLabel('Email Address').waitFor()
  await expectAccessible(page, 'Log In')
  await page.getByLabel('Email Address').fill(seller.email)
  await page.getByLabel('Password', { exact: true }).fill(seller.password)
  await page.getByRole('button', { name: 'Log In' }).click()
  await page.waitForURL('**/dashboard/free-offers')
  // The dashboard's home, with its first-run checklist once the checklist call has answered.
  await page.waitForLoadState('networkidle')
  await expectAccessible(page, 'Free Offers (dashboard home)')
}

export async function chooseOption(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click()
  await page.getByRole('option', { name: option, exact: true }).click()
}
