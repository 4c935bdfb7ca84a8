import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { expectAccessible } from './support/accessibility.js'
import { inviteSeller, type Journey, logIn, signUpThroughForm, startJourney } from './support/journey.js'
import { addBumpOffer, chooseOffer, expectToast, field, fillAndSaveOtoOffer, offerCard, openInNewTab, writePng } from './support/offers.js'
import { connectPaymentsInSettings } from './support/settings.js'

describe('a seller builds a BUMP, an OTO and a Free offer through the dashboard', () => {
  let journey: Journey
  beforeAll(async () => {
    journey = await startJourney({ viewport: { width: 1280, height: 800 } })
  })
  afterAll(() => journey?.close())

  it('creates, lists, switches, edits and previews them', async () => {
    const { page, server, context } = journey
    const seller = { fullName: 'Grace Hopper', email: 'grace@example.com', password: 'compilers since 1952' }
    await signUpThroughForm(page, await inviteSeller(server, seller.email), seller)
    await logIn(page, seller)
    await page.getByText('No Results found').waitFor()
    // Decision D27: offers with a BUMP or OTO go live only once the seller can be paid.
    await connectPaymentsInSettings(page)

    // A BUMP offer with an image, from its own screen.
    await addBumpOffer(page, {
      url: 'https://files.example/workbook.pdf',
      headline: 'Workbook',
      description: 'Printable exercises for every chapter',
      oldPrice: '19',
      newPrice: '9.99',
      image: await writePng('workbook.png'),
    })
    await page.waitForURL('**/dashboard/bump-offers')
    const bumpCard = offerCard(page, 'Workbook')
    await bumpCard.getByText('$19.00').waitFor()
    await bumpCard.getByText('$9.99').waitFor()
    const bumpImageSrc = await bumpCard.getByRole('img', { name: 'Workbook' }).getAttribute('src')
    expect(bumpImageSrc).toMatch(/^\/media\//)
    await page.waitForFunction(() => {
      const image = document.querySelector<HTMLImageElement>('li img[alt="Workbook"]')
      return image?.complete && image.naturalWidth > 0
    })

    // The free offer: the BUMP from its dropdown, the OTO made on the way through 'Add New'.
    await expectAccessible(page, 'BUMP Offers')
    await page.getByRole('link', { name: 'Free Offers' }).click()
    // The BUMP list has an 'Add New' too: wait for the free offers list before clicking it.
    await page.getByRole('heading', { name: 'Free Offers' }).waitFor()
    await page.getByRole('link', { name: 'Add New' }).click()
    await page.getByRole('heading', { name: 'Add New Free Offer' }).waitFor()
    await expectAccessible(page, 'Add New Free Offer')
    await field(page, 'Headline').fill('The Ultimate Guide')
    await field(page, 'Sub Headline').fill('Everything you need to start')
    await field(page, 'Asset URL').fill('https://files.example/guide.pdf')
    await field(page, 'Opt-in Button Text').fill('Get it now')
    await page.getByLabel('Asset Image', { exact: true }).setInputFiles(await writePng('cover.png'))
    await chooseOffer(page, 'BUMP Offer', 'Workbook')
    await page.getByRole('button', { name: 'Add New OTO Offer' }).click()
    await page.waitForURL('**/dashboard/add-oto-offer?returnTo=%2Fdashboard%2Fadd-free-offer')
    await fillAndSaveOtoOffer(page, {
      headline: 'Video Course',
      url: 'https://files.example/course',
      button: 'Yes, add it',
      price: '49',
      description: 'Twelve lessons',
    })
    await page.waitForURL(/\/dashboard\/add-free-offer\?selectUpsell=/)
    // Back with the draft restored and the new OTO chosen.
    expect(await field(page, 'Headline').inputValue()).toBe('The Ultimate Guide')
    await page.getByRole('img', { name: 'Asset Image preview' }).waitFor()
    await expect(page.getByRole('combobox', { name: 'BUMP Offer' }).textContent()).resolves.toBe('Workbook')
    await page.getByRole('combobox', { name: 'OTO Offer' }).getByText('Video Course').waitFor()
    // With an image chosen: the drop zone and its remove button (axe nested-interactive, issue 15).
    await expectAccessible(page, 'Add New Free Offer, filled')
    // The form's Preview renders the unsaved draft in a new tab.
    const draftPreview = await openInNewTab(page, page.getByRole('button', { name: 'Preview' }))
    expect(draftPreview.url()).toBe(`${server.url}/free-offer`)
    await draftPreview.getByText('The Ultimate Guide').first().waitFor()
    await expectAccessible(draftPreview, 'Free offer preview')
    await draftPreview.close()
    await page.getByRole('button', { name: 'Save' }).click()
    await expectToast(page, 'Free Offer was successfully added.')
    await page.getByRole('heading', { name: 'Free Offers' }).waitFor()

    // The lists.
    const freeCard = offerCard(page, 'The Ultimate Guide')
    await freeCard.getByText('Everything you need to start').waitFor()
    await expectAccessible(page, 'Free Offers')
    await page.getByRole('link', { name: 'OTO Offers' }).click()
    await offerCard(page, 'Video Course').getByText('$49.00').waitFor()
    await expectAccessible(page, 'OTO Offers')

    // Off and on again.
    await page.getByRole('link', { name: 'Free Offers' }).click()
    const active = freeCard.getByRole('switch', { name: 'Active' })
    expect(await active.isChecked()).toBe(true)
    await active.click()
    await expectToast(page, 'Free Offer was successfully deactivated.')
    expect(await active.isChecked()).toBe(false)
    await active.click()
    await expectToast(page, 'Free Offer was successfully activated.')
    expect(await active.isChecked()).toBe(true)

    // The copy-URL button copies the public link.
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url })
    await freeCard.getByRole('button', { name: 'Copy URL' }).click()
    await page.getByText('Copied', { exact: true }).waitFor()
    const publicUrl = await page.evaluate(() => navigator.clipboard.readText())
    // Public links point at the pages origin, never the dashboard's (decision D23).
    expect(publicUrl).toMatch(new RegExp(`^${server.pagesUrl}/free-offer/[0-9a-f-]{36}$`))
    const freeOfferId = publicUrl.split('/').at(-1)

    // Edit the BUMP: a new headline, the image left as it was.
    await page.getByRole('link', { name: 'BUMP Offers' }).click()
    await offerCard(page, 'Workbook').getByRole('link', { name: 'Edit' }).click()
    await page.getByRole('heading', { name: 'Edit BUMP Offer' }).waitFor()
    await expectAccessible(page, 'Edit BUMP Offer')
    await field(page, 'Headline').fill('Workbook Deluxe')
    await page.getByRole('button', { name: 'Save' }).click()
    await expectToast(page, 'BUMP Offer was successfully updated.')
    await page.waitForURL('**/dashboard/bump-offers')
    const edited = offerCard(page, 'Workbook Deluxe')
    // The image was not sent again, so the stored one stays.
    expect(await edited.getByRole('img', { name: 'Workbook Deluxe' }).getAttribute('src')).toBe(bumpImageSrc)

    // The previews, each in a new tab.
    await page.getByRole('link', { name: 'Free Offers' }).click()
    const freePreview = await openInNewTab(page, freeCard.getByRole('link', { name: 'View Offer' }))
    expect(freePreview.url()).toBe(`${server.url}/free-offer/${freeOfferId}?isPreview=true`)
    await freePreview.getByText('The Ultimate Guide').first().waitFor()
    await freePreview.close()

    await page.getByRole('link', { name: 'OTO Offers' }).click()
    const otoPreview = await openInNewTab(page, offerCard(page, 'Video Course').getByRole('link', { name: 'View Offer' }))
    expect(otoPreview.url()).toMatch(new RegExp(`^${server.url}/oto-offer/[0-9a-f-]{36}$`))
    await otoPreview.getByText('Video Course').first().waitFor()
    await otoPreview.close()

    // Edit screens with optional fields hidden, not deleted: an OTO with no video or images, a free
    // offer with no logo. Their greyed labels stay readable (axe color-contrast, issue 15).
    await offerCard(page, 'Video Course').getByRole('link', { name: 'Edit' }).click()
    await page.getByRole('heading', { name: 'Edit OTO Offer' }).waitFor()
    expect(await page.getByRole('checkbox', { name: 'Show Video URL' }).isChecked()).toBe(false)
    expect(await page.getByRole('checkbox', { name: 'Show Logo' }).isChecked()).toBe(false)
    await expectAccessible(page, 'Edit OTO Offer, no video or images')
    await page.getByRole('button', { name: 'Cancel' }).click()
    await page.getByRole('heading', { name: 'OTO Offers' }).waitFor()
    await page.getByRole('link', { name: 'Free Offers' }).click()
    await freeCard.getByRole('link', { name: 'Edit' }).click()
    await page.getByRole('heading', { name: 'Edit Free Offer' }).waitFor()
    expect(await page.getByRole('checkbox', { name: 'Show Logo' }).isChecked()).toBe(false)
    await expectAccessible(page, 'Edit Free Offer, Logo hidden')
  })
})
