import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { expectAccessible } from './support/accessibility.js'
import { inviteSeller, type Journey, logIn, signUpThroughForm, startJourney } from './support/journey.js'
import { followMenuLink, leaveQuestion, waitForLeaveQuestion } from './support/keep-work.js'
import { field } from './support/offers.js'

const widths = [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
]

describe.each(widths)('a seller keeps their work on the offer forms ($name)', ({ viewport }) => {
  let journey: Journey
  beforeAll(async () => {
    journey = await startJourney({ viewport })
  })
  afterAll(() => journey?.close())

  it('hides a text without losing it, comes back from Add New by Cancel, is asked before leaving, and on closing the tab', async () => {
    const { page, server } = journey
    const seller = { fullName: 'Ada Lovelace', email: 'ada@example.com', password: 'analytical engine 1843' }
    await signUpThroughForm(page, await inviteSeller(server, seller.email), seller)
    await logIn(page, seller)

    // Log-in lands on the free offers list.
    await page.getByRole('link', { name: 'Add New' }).click()
    await page.getByRole('heading', { name: 'Add New Free Offer' }).waitFor()
    await field(page, 'Headline').fill('The Ultimate Guide')
    await field(page, 'Sub Headline').fill('Everything you need to start')

    // Hidden, the text stays in the form and the form says so; shown again, it is back.
    await page.getByRole('checkbox', { name: 'Show Sub Headline' }).uncheck()
    await page.getByText('Hidden text is kept until you leave this page.').waitFor()
    expect(await field(page, 'Sub Headline').inputValue()).toBe('Everything you need to start')
    await expectAccessible(page, 'Add New Free Offer, a field hidden')
    await page.getByRole('checkbox', { name: 'Show Sub Headline' }).check()
    expect(await field(page, 'Sub Headline').isEnabled()).toBe(true)
    expect(await field(page, 'Sub Headline').inputValue()).toBe('Everything you need to start')

    // 'Add New' BUMP, then Cancel: back on the free offer form with its draft, nothing asked.
    await page.getByRole('button', { name: 'Add New BUMP Offer' }).click()
    await page.waitForURL('**/dashboard/add-bump-offer?returnTo=%2Fdashboard%2Fadd-free-offer')
    await field(page, 'Product URL').fill('https://files.example/workbook.pdf')
    await page.getByRole('button', { name: 'Cancel' }).click()
    await page.waitForURL('**/dashboard/add-free-offer')
    await page.getByRole('heading', { name: 'Add New Free Offer' }).waitFor()
    expect(await field(page, 'Headline').inputValue()).toBe('The Ultimate Guide')
    expect(await leaveQuestion(page).count()).toBe(0)

    // Another menu link asks first: 'Stay' keeps the edits, 'Leave' goes.
    await followMenuLink(page, 'Settings')
    await waitForLeaveQuestion(page)
    await expectAccessible(page, 'Leave without saving?')
    await page.getByRole('button', { name: 'Stay' }).click()
    await leaveQuestion(page).waitFor({ state: 'detached' })
    expect(new URL(page.url()).pathname).toBe('/dashboard/add-free-offer')
    expect(await field(page, 'Headline').inputValue()).toBe('The Ultimate Guide')
    await followMenuLink(page, 'Settings')
    await waitForLeaveQuestion(page)
    await page.getByRole('button', { name: 'Leave' }).click()
    await page.waitForURL('**/dashboard/settings')

    // Closing the tab with changes gets the browser's own question.
    await page.goto('/dashboard/add-bump-offer')
    await field(page, 'Product URL').click()
    await field(page, 'Product URL').fill('https://files.example/workbook.pdf')
    // The guard arms itself once React has seen the change (an effect after the next render): on a
    // busy machine that can come after `fill` returns, so wait until the page would ask.
    await page.waitForFunction(() => {
      const leaving = new Event('beforeunload', { cancelable: true })
      window.dispatchEvent(leaving)
      return leaving.defaultPrevented
    })
    const asked = new Promise<string>((resolve, reject) => {
      page.once('dialog', (dialog) => {
        resolve(dialog.type())
        void dialog.accept()
      })
      page.once('close', () => reject(new Error('the tab closed without asking')))
    })
    await page.close({ runBeforeUnload: true })
    expect(await asked).toBe('beforeunload')
  })
})
