import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freePort } from '../apps/api/test/free-port.js'
import { startReceiver } from '../apps/api/test/http-receiver.js'
import { expectAccessible } from './support/accessibility.js'
import { inviteSeller, type Journey, logIn, signUpThroughForm, startJourney } from './support/journey.js'
import { openSettings, saveWebhook, settingsSection } from './support/settings.js'
import { expectNoSidewaysScroll, newestDelivery, sendTest } from './support/webhooks.js'

const seller = { fullName: 'Ada Lovelace', email: 'ada@example.com', password: 'analytical engine 1843' }
const refused = 'Your CRM refused the connection (nothing is listening at that address).'

describe("a seller checks their CRM webhook with 'Send test' (issue 15)", () => {
  let journey: Journey
  let crm: Awaited<ReturnType<typeof startReceiver>>
  beforeAll(async () => {
    // The seller's CRM: a local server this test starts (the product runs with ALLOW_PRIVATE_WEBHOOKS).
    crm = await startReceiver(() => 200)
    journey = await startJourney({ viewport: { width: 1280, height: 800 } })
  })
  afterAll(async () => {
    await journey?.close()
    await crm?.close()
  })

  it('sees a test delivered at 1280 px, and a plain reason for a closed port at 390 px', async () => {
    const { page, server } = journey
    await signUpThroughForm(page, await inviteSeller(server, seller.email), seller)
    await logIn(page, seller)
    await openSettings(page)

    // No webhook saved yet: 'Send test' says why it cannot be used.
    const webhook = settingsSection(page, 'CRM Webhook')
    await expect(webhook.getByRole('button', { name: 'Send test' }).isDisabled()).resolves.toBe(true)
    await webhook.getByText('Save a webhook URL first, then send a test.').waitFor()

    await saveWebhook(page, { url: crm.url, emailKey: 'email_address', fullNameKey: 'name' })
    await sendTest(page, 'Test sent: your CRM accepted it.')
    expect(crm.requests).toHaveLength(1)
    expect(JSON.parse(crm.requests[0]?.body ?? '{}')).toMatchObject({ email_address: 'jane.doe@example.com', event: 'webhook.test' })
    const delivered = newestDelivery(page)
    await delivered.getByText('webhook.test').waitFor()
    await delivered.getByText('Sample lead: Jane Doe (jane.doe@example.com)').waitFor()
    await delivered.getByText('Delivered').waitFor()
    await expectNoSidewaysScroll(page)
    await expectAccessible(page, 'Settings after a test was delivered (1280 px)')

    // On a phone, the webhook points at a port where nothing listens.
    await page.setViewportSize({ width: 390, height: 844 })
    await saveWebhook(page, { url: `http://127.0.0.1:${await freePort()}/hooks`, emailKey: 'email_address', fullNameKey: 'name' })
    await sendTest(page, `Test failed: ${refused}`)
    const failed = newestDelivery(page)
    await failed.getByText(`1 attempt · Last: ${refused}`).waitFor()
    await failed.getByText('Details').click()
    await failed.getByText(/ECONNREFUSED/).waitFor()
    await expectNoSidewaysScroll(page)
    await expectAccessible(page, 'Settings after a test failed (390 px)')
  })
})
