import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { codeFor } from '../apps/api/test/rfc6238.js'
import { expectAccessible } from './support/accessibility.js'
import { createSeller, sellerPassword, waitForEmail } from './support/funnel.js'
import { type Journey, logIn, startJourney } from './support/journey.js'

/**
 * Issue 25: a seller who forgot the password gets back in by email, and protects the account with
 * two-factor log-in, at a phone's width and a desktop's. Codes come from the tests' own RFC 6238
 * generator, as an authenticator app would make them.
 */
describe.each([
  { name: 'phone', viewport: { width: 390, height: 844 } },
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
])('account recovery and two-factor log-in ($name)', ({ viewport }) => {
  let journey: Journey
  beforeAll(async () => {
    journey = await startJourney({ viewport })
  })
  afterAll(() => journey?.close())

  it('forgot password → email → reset → log in; two-factor on → log in with a code, then with a recovery code', async () => {
    const { page, server } = journey
    const email = `ada-${viewport.width}@example.com`
    await createSeller(server, email)
    const password = 'a brand new password 1843'

    // Forgot password: from the log-in page, with the email carried along.
    await page.goto('/')
    await page.getByLabel('Email Address').fill(email)
    await page.getByRole('link', { name: 'Forgot password?' }).click()
    await page.getByRole('button', { name: 'Send reset link' }).waitFor()
    await expect(page.getByLabel('Email Address').inputValue()).resolves.toBe(email)
    await expectAccessible(page, 'Forgot password')
    await page.getByRole('button', { name: 'Send reset link' }).click()
    await page.getByText(/a link to reset its password is on its way/).waitFor()
    await expectAccessible(page, 'Forgot password (sent)')

    // The email's link, read from the outbox as the seller would read their inbox.
    const mail = await waitForEmail(server, email, 'password-reset')
    const link = mail.text.match(/https?:\/\/\S+/)?.[0] ?? ''
    expect(link.startsWith(`${server.url}/reset-password?token=`)).toBe(true)
    await page.goto(link)
    await page.getByText('Use at least 8 characters.').waitFor()
    await expectAccessible(page, 'Reset password')
    await page.getByLabel('New Password', { exact: true }).fill(password)
    await page.getByLabel('Password Confirmation', { exact: true }).fill(password)
    await page.getByRole('button', { name: 'Save new password' }).click()
    await page.getByText('Your password was changed. Log in with the new one.').waitFor()
    await page.waitForURL(`${server.url}/`)

    // The link worked once.
    await page.goto(link)
    await page.getByLabel('New Password', { exact: true }).fill('yet another password')
    await page.getByLabel('Password Confirmation', { exact: true }).fill('yet another password')
    await page.getByRole('button', { name: 'Save new password' }).click()
    await page.getByText('This reset link was already used. Ask for a new one.').waitFor()
    await page.getByRole('link', { name: 'Send me a new link' }).waitFor()
    await expectAccessible(page, 'Reset password (used link)')

    await logIn(page, { email, password })
    expect(password).not.toBe(sellerPassword)

    // Two-factor on, from the Account page.
    await page.goto('/dashboard/account')
    await page.getByRole('button', { name: 'Set up two-factor' }).click()
    await page.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor()
    const secret = (await page.getByTestId('two-factor-secret').textContent()) ?? ''
    await expectAccessible(page, 'Account (two-factor set-up)')
    await page.getByLabel('Code from the app').fill(codeFor(secret, new Date()))
    await page.getByRole('button', { name: 'Turn on two-factor' }).click()
    const list = page.getByRole('list', { name: 'Recovery codes' })
    await list.waitFor()
    const codes = await list.getByRole('listitem').allTextContents()
    expect(codes).toHaveLength(10)
    await expectAccessible(page, 'Account (recovery codes)')
    await page.getByRole('button', { name: 'I have saved them' }).click()
    await page.getByText(/Two-factor log-in is on/).waitFor()
    await expectAccessible(page, 'Account (two-factor on)')

    // Log out, then in with the password and a code: the next step's, as the one used is spent.
    await page.getByRole('button', { name: 'Log Out', exact: true }).click()
    await page.waitForURL(`${server.url}/`)
    const logInWith = async (otp: string) => {
      await page.getByLabel('Email Address').fill(email)
      await page.getByLabel('Password', { exact: true }).fill(password)
      await page.getByRole('button', { name: 'Log In' }).click()
      const code = page.getByLabel('Authentication Code')
      await code.waitFor()
      await expectAccessible(page, 'Log In (code)')
      await code.fill(otp)
      await page.getByRole('button', { name: 'Log In' }).click()
      await page.waitForURL('**/dashboard/free-offers')
    }
    await logInWith(codeFor(secret, new Date(Date.now() + 30_000)))

    await page.getByRole('button', { name: 'Log Out', exact: true }).click()
    await page.waitForURL(`${server.url}/`)
    await logInWith(codes[0] ?? '')
  })
})
