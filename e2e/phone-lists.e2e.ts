import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { animationsEnded, expectAccessible } from './support/accessibility.js'
import { createFreeOffer, createSeller, type Seller, sellerPassword } from './support/funnel.js'
import { type Journey, logIn, startJourney } from './support/journey.js'
import { offerCard } from './support/offers.js'
import { boxOf, overlap, pageHeight, scrollToY, seedFreeTakers, toastWith } from './support/phone-lists.js'

/** Issue 15 on a phone (390 px) and a desktop (1280 px): compact Orders and Leads, toasts clear of what was tapped. */
describe('lists and toasts on a phone', () => {
  let journey: Journey
  let seller: Seller
  let offerId = ''
  const takers = 20

  beforeAll(async () => {
    journey = await startJourney({ viewport: { width: 390, height: 844 } })
    seller = await createSeller(journey.server, 'phone@acme.example')
    const offer = await createFreeOffer(journey.server, seller, {
      headline: 'The Phone Guide',
      url: 'https://acme.example/guide.pdf',
      opt_in_button: 'Send Me The Guide',
    })
    offerId = String(offer.id)
    // Two newer offers: the list is long enough to scroll the first card's switch to any height.
    for (const headline of ['A Newer Guide', 'The Newest Guide'])
      await createFreeOffer(journey.server, seller, { headline, url: 'https://acme.example/more.pdf', opt_in_button: 'Get It' })
    await seedFreeTakers(journey.server, offerId, takers)
    await logIn(journey.page, { email: seller.email, password: sellerPassword })
  })
  afterAll(() => journey?.close())

  it('shows Orders and Leads as compact rows with the filters behind one button', async () => {
    const { page } = journey
    await page.goto('/dashboard/orders')
    const orders = page.getByRole('list', { name: 'Orders' })
    await orders
      .getByRole('listitem')
      .nth(takers - 1)
      .waitFor()
    expect(await orders.getByRole('listitem').count()).toBe(takers)
    const ordersHeight = await pageHeight(page)
    console.info(`Orders at 390 px, ${takers} orders: the page is ${ordersHeight} px high`)
    expect(ordersHeight).toBeLessThan(1500)
    expect(await page.getByRole('table').count()).toBe(0)
    await expectAccessible(page, 'Orders (phone)')

    // A row opens to every detail.
    const first = orders.getByRole('listitem').first()
    await first.getByRole('button').click()
    await first.getByRole('term').filter({ hasText: 'Upsell' }).waitFor()

    // Search stays; the other filters are behind 'Filters'.
    expect(await page.getByRole('searchbox', { name: 'Search name or email' }).isVisible()).toBe(true)
    expect(await page.getByRole('combobox', { name: 'Status' }).count()).toBe(0)
    await page.getByRole('button', { name: 'Filters', exact: true }).click()
    const dialog = page.getByRole('dialog', { name: 'Filters' })
    await dialog.getByRole('combobox', { name: 'Status' }).click()
    await page.getByRole('option', { name: 'Paid', exact: true }).click()
    await page.waitForURL('**/dashboard/orders?status=paid')
    await expectAccessible(page, 'Orders filters (phone)')
    await dialog.getByRole('button', { name: 'Done' }).click()
    await page.getByRole('button', { name: 'Filters (1)' }).waitFor()

    await page.getByRole('button', { name: 'Open menu' }).click()
    await page.getByRole('link', { name: 'Leads' }).click()
    const leads = page.getByRole('list', { name: 'Leads' })
    await leads
      .getByRole('listitem')
      .nth(takers - 1)
      .waitFor()
    const leadsHeight = await pageHeight(page)
    console.info(`Leads at 390 px, ${takers} leads: the page is ${leadsHeight} px high`)
    expect(leadsHeight).toBeLessThan(1500)
    await expectAccessible(page, 'Leads (phone)')
  })

  it('shows a toast clear of the switch just tapped and of the top bar, wherever the switch is', async () => {
    const { page } = journey
    await page.goto('/dashboard/free-offers')
    // The first card: the page scrolls far enough to bring its switch to any height.
    const active = offerCard(page, 'The Newest Guide').getByRole('switch', { name: 'Active' })
    await active.waitFor()
    const topBar = await boxOf(page.locator('header').first())

    for (const [y, message] of [
      [600, 'Free Offer was successfully deactivated.'],
      [topBar.height + 40, 'Free Offer was successfully activated.'],
    ] as const) {
      await scrollToY(active, y)
      const tapped = await boxOf(active)
      await active.click()
      const toast = toastWith(page, message)
      await toast.waitFor()
      // Measured where it stays, not while it slides in.
      await animationsEnded(page)
      const shown = await boxOf(toast)
      const scroll = await page.evaluate(() => `${window.scrollY} of ${document.documentElement.scrollHeight}`)
      console.info(`switch at y=${Math.round(tapped.y)} (scrolled ${scroll}): toast at y=${Math.round(shown.y)}`)
      expect(overlap(shown, tapped)).toBe(false)
      expect(overlap(shown, topBar)).toBe(false)
      await toast.waitFor({ state: 'detached' })
    }
  })

  it("says 'Offer is not available' in words on an inactive offer's public page", async () => {
    const { page } = journey
    await page.goto('/dashboard/free-offers')
    const active = offerCard(page, 'The Phone Guide').getByRole('switch', { name: 'Active' })
    await active.click()
    await toastWith(page, 'Free Offer was successfully deactivated.').waitFor()

    await page.goto(`/free-offer/${offerId}`)
    const button = page.getByRole('button', { name: 'Send Me The Guide' })
    expect(await button.isDisabled()).toBe(true)
    expect(await page.getByText('Offer is not available').first().isVisible()).toBe(true)
    await expectAccessible(page, 'Inactive offer (phone)')
  })

  it('keeps the tables and the inline filters at 1280 px', async () => {
    const { page } = journey
    await page.setViewportSize({ width: 1280, height: 800 })
    await page.goto('/dashboard/orders')
    await page.getByRole('table', { name: 'Orders' }).getByRole('columnheader', { name: 'Amount' }).waitFor()
    expect(await page.getByRole('combobox', { name: 'Status' }).isVisible()).toBe(true)
    expect(await page.getByRole('button', { name: 'Filters', exact: true }).count()).toBe(0)
    await expectAccessible(page, 'Orders (desktop)')
    await page.goto('/dashboard/leads')
    await page.getByRole('table', { name: 'Leads' }).getByRole('columnheader', { name: 'Email' }).waitFor()
    await expectAccessible(page, 'Leads (desktop)')
  })
})
