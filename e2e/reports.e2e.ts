import { readFile } from 'node:fs/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { expectAccessible } from './support/accessibility.js'
import { connectLocalPayments, createBumpOffer, createFreeOffer, createSeller, optIn, type Seller } from './support/funnel.js'
import { type Journey, logIn, startJourney } from './support/journey.js'

/** Issue 6: what a funnel produced shows up for its seller, with honest numbers. */
describe("a seller sees the funnel's leads, orders and numbers", () => {
  let journey: Journey
  let seller: Seller
  let offerId = ''
  const buyer = { fullName: 'Grace Hopper', email: 'grace@example.com' }
  const freeTaker = { fullName: 'Alan Turing', email: 'alan@example.com' }

  beforeAll(async () => {
    journey = await startJourney({ viewport: { width: 1280, height: 800 } })
    const { server, page } = journey
    seller = await createSeller(server, 'numbers@acme.example')
    await connectLocalPayments(server, seller, page)
    const bump = await createBumpOffer(server, seller, {
      url: 'https://acme.example/checklists.zip',
      headline: 'Checklists',
      new_price: '19.00',
      currency: '1',
    })
    const offer = await createFreeOffer(server, seller, {
      headline: 'The Launch Guide',
      url: 'https://acme.example/guide.pdf',
      opt_in_button: 'Send Me The Guide',
      bump_offer_id: String(bump.id),
    })
    offerId = String(offer.id)
  })
  afterAll(() => journey?.close())

  it('shows a buyer and a free taker in Leads and Orders, exports them, and counts the funnel', async () => {
    const { page, server } = journey

    await page.goto(`/free-offer/${offerId}`)
    await page.getByRole('checkbox', { name: 'Add to order' }).check()
    await optIn(page, 'Send Me The Guide', buyer)
    await page.getByRole('button', { name: 'Send Me The Guide' }).click()
    await page.getByLabel('Card number').fill('4242 4242 4242 4242')
    await page.getByRole('button', { name: 'Pay $19.00' }).click()
    await page.getByText('Payment succeeded!').waitFor()

    await page.goto(`/free-offer/${offerId}`)
    await optIn(page, 'Send Me The Guide', freeTaker)
    await page.getByRole('button', { name: 'Send Me The Guide' }).click()
    await page.waitForURL('**/thank-you-purchase?type=free-offer&order=*')

    await logIn(page, { email: seller.email, password: 'a long test password 2024' })
    await page.getByRole('link', { name: 'Leads' }).click()
    await page.getByText(buyer.email).first().waitFor()
    await page.getByText(freeTaker.email).first().waitFor()
    await expectAccessible(page, 'Leads')

    const download = page.waitForEvent('download')
    await page.getByRole('button', { name: 'Export CSV' }).click()
    const csv = await readFile((await (await download).path()) ?? '', 'utf8')
    // A UTF-8 byte order mark first, so Excel on Windows reads "Café" right (issue 22).
    expect(csv.startsWith('\uFEFF')).toBe(true)
    const [header, ...rows] = csv.trim().split(/\r?\n/)
    expect(header).toBe(
      'full_name,email,free_offer,utm_source,utm_medium,utm_campaign,utm_content,utm_term,fbclid,gclid,variant,created_at',
    )
    expect(rows.map((row) => row.split(',')[1]).sort()).toEqual([freeTaker.email, buyer.email])

    await page.getByRole('link', { name: 'Orders' }).click()
    // The Leads table stays on screen until the Orders screen has loaded: wait for the new table.
    await page.getByRole('columnheader', { name: 'Amount' }).waitFor()
    const buyerRow = page.getByRole('row').filter({ hasText: buyer.email })
    await buyerRow.waitFor()
    await expectAccessible(page, 'Orders')
    await expect(buyerRow.textContent()).resolves.toContain('$19.00')

    // Issue 9: Orders export like Leads.
    const orderDownload = page.waitForEvent('download')
    await page.getByRole('button', { name: 'Export CSV' }).click()
    const ordersFile = await orderDownload
    expect(ordersFile.suggestedFilename()).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.csv$/)
    const [ordersHeader, ...orderRows] = (await readFile((await ordersFile.path()) ?? '', 'utf8')).trim().split(/\r?\n/)
    expect(ordersHeader).toBe(
      'full_name,email,free_offer,bump_offer,upsell_offer,after_purchase_offers,amount,currency,status,refunded,utm_source,utm_medium,utm_campaign,utm_content,utm_term,fbclid,gclid,variant,created_at',
    )
    // Read by column name: the cells of email, amount, currency and status.
    const columns = ordersHeader?.split(',') ?? []
    const cells = (row: string, names: string[]) => names.map((name) => row.split(',')[columns.indexOf(name)])
    expect(orderRows.map((row) => cells(row, ['email', 'amount', 'currency', 'status'])).sort()).toEqual([
      [freeTaker.email, '0.00', 'USD', 'paid'],
      [buyer.email, '19.00', 'USD', 'paid'],
    ])

    const response = await fetch(`${server.url}/api/v1/free-product/${offerId}/stats/`, {
      headers: { authorization: `Bearer ${seller.token}` },
    })
    // Decision D21: the free taker is a free completion, not a paid order.
    expect(await response.json()).toMatchObject({
      views: 2,
      opt_ins: 2,
      opt_in_rate: 1,
      paid_orders: 1,
      free_completions: 1,
      bump_take_rate: 0.5,
      revenue: '19.00',
    })
  })
})
