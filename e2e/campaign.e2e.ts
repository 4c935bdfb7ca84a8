import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { expectAccessible } from './support/accessibility.js'
import {
  connectLocalPayments,
  createBumpOffer,
  createFreeOffer,
  createSeller,
  createUpsellOffer,
  logoImage,
  optIn,
  productImage,
  queryDatabase,
  type Seller,
  sellerPassword,
  setCompanyLinks,
} from './support/funnel.js'
import { type Journey, startJourney } from './support/journey.js'

/** Issue 22: what a live campaign needs at its edges, on a phone and on a laptop. */
const urls = {
  guide: 'https://acme.example/guide.pdf',
  bump: 'https://acme.example/checklists.zip',
  upsell: 'https://acme.example/masterclass',
}
const optInLabel = 'Send Me The Free Guide'
const viewports = { phone: { width: 390, height: 844 }, laptop: { width: 1280, height: 800 } }

/** Whether the element's box is inside the window (what the visitor sees without scrolling). */
const inView = (page: Page, label: string) =>
  page.getByLabel(label).evaluate((element) => {
    const box = element.getBoundingClientRect()
    return box.top >= 0 && box.bottom <= window.innerHeight
  })

describe('a live campaign (issue 22)', () => {
  let journey: Journey
  let seller: Seller
  let bumpId = ''
  let upsellId = ''
  let offerPath = ''

  beforeAll(async () => {
    journey = await startJourney({ viewport: viewports.phone })
    const { server } = journey
    seller = await createSeller(server, 'campaign@acme.example')
    const bump = await createBumpOffer(server, seller, {
      url: urls.bump,
      headline: 'Add the 10 launch checklists',
      description: 'Printable checklists.',
      old_price: '49.00',
      new_price: '19.00',
      currency: '1',
      asset_image: await productImage('Checklists', ['#ff9800', '#f44336'], { width: 600, height: 600 }),
    })
    const upsell = await createUpsellOffer(server, seller, {
      headline: 'The Launch Masterclass',
      url: urls.upsell,
      opt_in_button: 'Yes! Add the masterclass',
      product_price: '33.50',
      currency: '1',
      description: 'Three hours of video lessons.',
    })
    bumpId = String(bump.id)
    upsellId = String(upsell.id)
    await setCompanyLinks(server, seller, { privacy_policy: 'https://acme.example/privacy', support_link: 'mailto:help@acme.example' })
  })
  afterAll(() => journey?.close())

  it('refuses to make an offer with a paid BUMP live before the payment account is connected (D27), and says why on the form', async () => {
    const { server, page } = journey
    const fields = {
      headline: 'The 7-Day Product Launch Guide',
      url: urls.guide,
      opt_in_button: optInLabel,
      bump_offer_id: bumpId,
      upsell_offer_id: upsellId,
    }
    await expect(createFreeOffer(server, seller, { ...fields, is_active: 'true' })).rejects.toThrow(
      /answered 400.*is_active.*payment account/,
    )
    const offer = await createFreeOffer(server, seller, {
      ...fields,
      is_active: 'false',
      logo: await logoImage('Acme Courses'),
      asset_image: await productImage('Launch Guide', ['#6a1b9a', '#ab47bc']),
    })
    offerPath = `/free-offer/${offer.id}`

    // A deep link survives the log-in; without SMTP_URL every page says emails are stored, not sent.
    const editPath = `/dashboard/edit-free-offer/${offer.id}`
    await page.goto(editPath)
    await page.getByLabel('Email Address').fill(seller.email)
    await page.getByLabel('Password', { exact: true }).fill(sellerPassword)
    await page.getByRole('button', { name: 'Log In' }).click()
    await page.waitForURL(`**${editPath}`)
    await page.getByText('Emails are stored, not sent').waitFor()

    await page.getByRole('switch', { name: 'Active' }).check()
    await page.getByRole('button', { name: 'Save' }).click()
    await page.getByText('Connect your payment account in Settings before making this offer active').waitFor()
    await expectAccessible(page, 'Free offer form refusing to go live')

    // The phone menu drawer has a name (axe aria-dialog-name).
    await page.getByRole('button', { name: 'Open menu' }).click()
    await page.getByRole('dialog', { name: 'Dashboard menu' }).waitFor()
    await expectAccessible(page, 'Dashboard menu drawer')
    await page.keyboard.press('Escape')

    await connectLocalPayments(server, seller, page)
    await page.goto(editPath)
    await page.getByRole('switch', { name: 'Active' }).check()
    await page.getByRole('button', { name: 'Save' }).click()
    await page.waitForURL('**/dashboard/free-offers')
  })

  for (const [device, viewport] of Object.entries(viewports)) {
    it(`on a ${device} (${viewport.width} px): Back and reload keep the checkout, one order is paid, and the thank-you page lists the downloads`, async () => {
      const { browser, server } = journey
      const context = await browser.newContext({ baseURL: server.url, viewport })
      const page = await context.newPage()
      const visitor = { fullName: `Grace ${device}`, email: `grace.${device}@example.com` }
      try {
        await page.goto(offerPath)
        await page.getByRole('checkbox', { name: 'Add to order' }).check()
        await optIn(page, optInLabel, visitor)
        await page.getByRole('button', { name: optInLabel }).click()
        await page.getByText('Wait! Your Order Is Not Yet Complete').waitFor()

        // Back from the upsell returns to the details, as typed.
        await page.goBack()
        await page.getByLabel('Full Name').waitFor()
        expect(await page.getByLabel('Email Address').inputValue()).toBe(visitor.email)
        expect(new URL(page.url()).pathname).toBe(offerPath)
        await page.goForward()
        await page.getByRole('button', { name: 'Yes! Add the masterclass' }).click()

        // The card form is in view after the upsell (on the phone it is far down the page).
        await page.getByLabel('Card number').waitFor()
        await page.waitForFunction(() => {
          const card = document.querySelector('section[aria-label="Payment"]')?.getBoundingClientRect()
          return card !== undefined && card.top >= 0 && card.top < window.innerHeight
        })
        expect(await inView(page, 'Card number')).toBe(true)

        // A reload at the card form keeps the details, the bump and the upsell, and the order.
        await page.reload()
        await page.getByRole('button', { name: 'Pay $52.50' }).waitFor()
        expect(await page.getByRole('checkbox', { name: 'Add to order' }).isChecked()).toBe(true)
        expect(await page.getByLabel('Full Name').inputValue()).toBe(visitor.fullName)
        await expectAccessible(page, `Card form after a reload (${device})`)
        await page.getByLabel('Card number').fill('4242 4242 4242 4242')
        await page.getByRole('button', { name: 'Pay $52.50' }).click()

        await page.waitForURL('**/thank-you-purchase?type=oto-offer&order=*')
        const order = page.getByRole('region', { name: 'Your order' })
        for (const [name, href] of [
          ['The 7-Day Product Launch Guide', urls.guide],
          ['Add the 10 launch checklists', urls.bump],
          ['The Launch Masterclass', urls.upsell],
        ]) {
          expect(await order.getByRole('link', { name: `Download ${name}` }).getAttribute('href')).toBe(href)
        }
        await page.getByRole('img', { name: 'The 7-Day Product Launch Guide' }).waitFor()
        expect(await page.getByRole('link', { name: 'Refund Policy & Customer Service' }).getAttribute('href')).toBe(
          'mailto:help@acme.example',
        )
        await expectAccessible(page, `Thank-you page with downloads (${device})`)

        // One visitor, one order: no Pending twin beside the paid one.
        const orders = await queryDatabase<{ status: string }>(server, 'select status from orders where email = $1', [visitor.email])
        expect(orders.map((row) => row.status)).toEqual(['paid'])
      } finally {
        await context.close()
      }
    })
  }

  it('wraps a long word in a headline instead of widening the phone page (320 and 390 px)', async () => {
    const { browser, server } = journey
    const offer = await createFreeOffer(server, seller, {
      headline: `The ${'Supercalifragilistic'.repeat(3)} Guide`,
      url: urls.guide,
      opt_in_button: optInLabel,
      is_active: 'true',
    })
    for (const width of [320, 390]) {
      const context = await browser.newContext({ baseURL: server.url, viewport: { width, height: 844 } })
      const page = await context.newPage()
      await page.goto(`/free-offer/${offer.id}`)
      await page.getByRole('button', { name: optInLabel }).waitFor()
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
      await context.close()
    }
  })
})
