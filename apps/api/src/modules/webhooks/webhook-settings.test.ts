import { messages, settingsMessages } from '@funnelry/shared'
import { eq } from 'drizzle-orm'
import type { TestApp } from '../../../test/build-test-app.js'
import { createSellerSession } from '../../../test/factories.js'
import { describe, expect, test } from '../../../test/fixtures.js'
import { storeSettings } from '../settings/settings-tables.js'
import { crmWebhooks } from './webhooks-tables.js'

type Session = Awaited<ReturnType<typeof createSellerSession>>

const webhook = { webhook_url: 'https://crm.example.com/hooks/leads', webhook_keys: { email: 'email_address', full_name: 'name' } }
const links = { privacy_policy: 'https://shop.example.com/privacy', support_link: 'https://help.example.com' }

/** The webhooks module keeps the CRM webhook (docs/decisions/0022); the store settings call still carries it. */
describe('CRM webhook settings', () => {
  let ctx: TestApp
  let owner: Session
  const url = () => `/api/v1/store-settings/${owner.seller.id}/`
  const read = () => ctx.app.inject({ method: 'GET', url: url(), headers: owner.headers })
  const patch = (payload: object) => ctx.app.inject({ method: 'PATCH', url: url(), headers: owner.headers, payload })

  test.beforeEach(async ({ app }) => {
    ctx = app
    owner = await createSellerSession(ctx)
  })

  test('two first reads at the same time agree on one signing secret, and it stays', async () => {
    const [first, second] = await Promise.all([read(), read()])
    const secret = first?.json().webhook_secret
    expect(secret).toMatch(/^whsec_[A-Za-z0-9]{32}$/)
    expect(second?.json().webhook_secret).toBe(secret)
    expect((await patch(webhook)).json().webhook_secret).toBe(secret)
    expect((await patch(links)).json().webhook_secret).toBe(secret)
    expect((await read()).json().webhook_secret).toBe(secret)
    const rows = await ctx.db.select().from(crmWebhooks).where(eq(crmWebhooks.sellerId, owner.seller.id))
    expect(rows).toMatchObject([{ url: webhook.webhook_url, emailKey: 'email_address', fullNameKey: 'name', secret }])
  })

  test('a refused webhook part leaves the company links of the same body unsaved', async () => {
    const incomplete = await patch({ webhook_url: 'https://crm.example.com/hook', ...links })
    expect(incomplete.statusCode).toBe(400)
    expect(incomplete.json()).toEqual({
      detail: expect.any(String),
      'webhook_keys.email': [messages.required],
      'webhook_keys.full_name': [messages.required],
    })
    expect(await ctx.db.select().from(storeSettings).where(eq(storeSettings.sellerId, owner.seller.id))).toEqual([])
    expect((await read()).json()).toMatchObject({ webhook_url: null, privacy_policy: null, support_link: null })
  })

  test('saves both parts of one body together', async () => {
    const response = await patch({ ...webhook, ...links })
    expect(response.statusCode).toBe(200)
    expect((await read()).json()).toMatchObject({ ...webhook, ...links, terms_and_conditions: null })
  })
})

describe('CRM webhook settings with ALLOW_PRIVATE_WEBHOOKS off', () => {
  test.override('appOptions', () => ({ env: { ALLOW_PRIVATE_WEBHOOKS: 'false' } }))

  test('a private address refuses the whole body', async ({ app }) => {
    const owner = await createSellerSession(app)
    const response = await app.app.inject({
      method: 'PATCH',
      url: `/api/v1/store-settings/${owner.seller.id}/`,
      headers: owner.headers,
      payload: { ...webhook, webhook_url: 'http://10.1.2.3/hook', ...links },
    })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({ detail: expect.any(String), webhook_url: [settingsMessages.privateWebhook] })
    expect(await app.db.select().from(storeSettings).where(eq(storeSettings.sellerId, owner.seller.id))).toEqual([])
    expect(await app.db.select().from(crmWebhooks).where(eq(crmWebhooks.sellerId, owner.seller.id))).toEqual([])
  })
})
