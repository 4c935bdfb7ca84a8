import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestDnsServer, type TestDnsServer } from '../apps/api/test/dns-server.js'
import { expectAccessible } from './support/accessibility.js'
import { inviteSeller, type Journey, logIn, signUpThroughForm, startJourney } from './support/journey.js'
import {
  addPixel,
  chooseIn,
  expectToast,
  openSettings,
  type SettingsValues,
  saveCompanyData,
  saveDomain,
  saveWebhook,
  settingsSection,
} from './support/settings.js'

const seller = { fullName: 'Grace Hopper', email: 'grace@example.com', password: 'compiler pioneer 1952' }

const values: SettingsValues = {
  domain: 'https://Shop.Example.com/',
  webhook: { url: 'https://crm.example.com/hooks/leads', emailKey: 'email_address', fullNameKey: 'name' },
  company: {
    privacyPolicy: 'https://acme.example/privacy',
    terms: 'https://acme.example/terms',
    support: 'https://acme.example/support',
  },
}

describe('a seller configures every setting and connects a payment account', () => {
  let journey: Journey
  let dns: TestDnsServer
  beforeAll(async () => {
    // The domain's DNS: a local server the product asks for the TXT proof, never the network.
    dns = await startTestDnsServer()
    journey = await startJourney({ env: { DNS_SERVER: dns.address } })
  })
  afterAll(async () => {
    await journey?.close()
    await dns?.close()
  })

  it('works end to end in a real browser, on a phone', async () => {
    const { page, server } = journey
    await signUpThroughForm(page, await inviteSeller(server, seller.email), seller)
    await logIn(page, seller)
    await openSettings(page)
    await expectAccessible(page, 'Settings')

    // Custom domain: the A record (PUBLIC_IP, 127.0.0.1 by default) is shown before saving.
    const domain = settingsSection(page, 'Custom Domain')
    await domain.getByLabel('Domain').fill(values.domain)
    await expect(domain.getByRole('note').textContent()).resolves.toContain('Point an A record for shop.example.com to 127.0.0.1')
    await saveDomain(page, values.domain)
    await expect(domain.getByLabel('Domain').inputValue()).resolves.toBe('shop.example.com')

    // The proof: pending until the TXT record shown is in DNS, then verified by 'Verify'.
    const domainState = domain.getByRole('status', { name: 'Verification state' })
    await expect(domainState.textContent()).resolves.toContain('Pending: add the TXT record below for shop.example.com')
    await domain.getByText('_funnelry.shop.example.com').waitFor()
    const txtValue = (await domain.getByText(/^funnelry-verify=/).textContent()) ?? ''
    await domain.getByRole('button', { name: 'Verify' }).click()
    await domainState.getByText('No TXT record was found at _funnelry.shop.example.com.', { exact: false }).waitFor()
    dns.setTxt('_funnelry.shop.example.com', txtValue)
    await domain.getByRole('button', { name: 'Verify' }).click()
    await domainState.getByText('Verified: your offer pages are served on shop.example.com.').waitFor()

    // Pixels: create, update and delete each say '{Label} Script was successfully updated.'
    const pixels = settingsSection(page, 'Advertising Pixels')
    await addPixel(page, 'Google', '<script>gtag("config", "G-TEST")</script>')
    await addPixel(page, 'Facebook', '<script>fbq("init", "123")</script>')
    const first = pixels.getByRole('form', { name: 'Pixel 1' })
    await chooseIn(first, 'Pixel Type', 'Facebook')
    await first.getByLabel('Script').fill('<script>fbq("init", "456")</script>')
    await first.getByRole('button', { name: 'Save' }).click()
    await expectToast(page, 'Facebook Script was successfully updated.')
    await expectAccessible(page, 'Settings with pixels')
    await pixels.getByRole('form', { name: 'Pixel 2' }).getByRole('button', { name: 'Delete' }).click()
    await expectAccessible(page, 'Pixel delete confirmation')
    await page.getByRole('dialog', { name: 'Delete this Facebook pixel?' }).getByRole('button', { name: 'Delete' }).click()
    await expectToast(page, 'Facebook Script was successfully updated.')
    await pixels.getByRole('form', { name: 'Pixel 2' }).waitFor({ state: 'detached' })

    // CRM webhook, with its signing secret shown; then the company links.
    await saveWebhook(page, values.webhook)
    await expect(settingsSection(page, 'CRM Webhook').getByRole('textbox', { name: 'Signing Secret' }).inputValue()).resolves.toMatch(
      /^whsec_/,
    )
    await saveCompanyData(page, values.company)

    // Everything is stored: a fresh visit shows it.
    await openSettings(page)
    await expect(domain.getByLabel('Domain').inputValue()).resolves.toBe('shop.example.com')

    // The proof survives the visit.
    await domain
      .getByRole('status', { name: 'Verification state' })
      .getByText('Verified: your offer pages are served on shop.example.com.')
      .waitFor()
    await expect(pixels.getByRole('form').count()).resolves.toBe(1)
    await expect(pixels.getByRole('form', { name: 'Pixel 1' }).getByLabel('Script').inputValue()).resolves.toBe(
      '<script>fbq("init", "456")</script>',
    )
    const webhook = settingsSection(page, 'CRM Webhook')
    await expect(webhook.getByLabel('Webhook URL').inputValue()).resolves.toBe(values.webhook.url)
    await expect(webhook.getByLabel('Full Name Key').inputValue()).resolves.toBe(values.webhook.fullNameKey)
    await expect(settingsSection(page, 'Company Data').getByLabel('Support Link').inputValue()).resolves.toBe(values.company.support)

    // Payment account with the local provider: No, Connect, approve on its onboarding page.
    const payment = settingsSection(page, 'Payment Account')
    await payment.getByText('Not connected', { exact: true }).waitFor()
    await chooseIn(payment, 'Do you have a payment provider account?', 'No')
    await payment.getByRole('button', { name: 'Connect Payment Account' }).click()
    await page.waitForURL('**/api/v1/payments/local/onboarding/**')
    await page.getByRole('button', { name: 'Approve' }).click()

    await page.waitForURL(`${server.url}/thank-you-stripe`)
    await page.getByRole('heading', { name: 'Thank You for Setting Up Your Account!' }).waitFor()
    await expectAccessible(page, 'Payment account connected')
    await page
      .getByText("Your payment account has been successfully connected. You're now ready to start receiving payments securely.")
      .waitFor()

    await openSettings(page)
    await settingsSection(page, 'Payment Account').getByText('Connected', { exact: true }).waitFor()
  })
})
