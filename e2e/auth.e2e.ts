import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { inviteSeller, type Journey, logIn, signUpThroughForm, startJourney } from './support/journey.js'

describe('a seller is invited, signs up, logs in and logs out', () => {
  let journey: Journey
  beforeAll(async () => {
    journey = await startJourney({ viewport: { width: 1280, height: 800 } })
  })
  afterAll(() => journey?.close())

  it('works end to end in a real browser', async () => {
    const { page, server } = journey
    const seller = { fullName: 'Ada Lovelace', email: 'ada@example.com', password: 'analytical engine 1843' }

    const link = await inviteSeller(server, seller.email)
    expect(link.startsWith(`${server.url}/sign-up?email=ada%40example.com&token=`)).toBe(true)

    await signUpThroughForm(page, link, seller)
    await page.waitForURL(`${server.url}/`)
    // The Sign Up form (with its own Email Address) stays on screen until the Log In screen has loaded.
    await page.getByRole('button', { name: 'Log In' }).waitFor()
    // Issue 25: the log-in starts with the email just signed up with.
    await expect(page.getByLabel('Email Address').inputValue()).resolves.toBe(seller.email)

    await logIn(page, seller)
    await page.getByText(seller.fullName).first().waitFor()

    await page.getByRole('button', { name: 'Log Out' }).click()
    await page.waitForURL(`${server.url}/`)

    // Signed out, a dashboard address leads to the log-in, which remembers it (issue 22).
    await page.goto('/dashboard')
    await page.waitForURL(`${server.url}/?next=%2Fdashboard`)
    await page.getByRole('button', { name: 'Log In' }).waitFor()

    // The invitation was single use: opening the link again is refused and sends the visitor home.
    await page.goto(link)
    await page.getByText('This invitation has already been used. Please log in.').waitFor()
    await page.waitForURL(`${server.url}/`)
  })
})
