import { messages, settingsMessages } from '@funnelry/shared'
import type { TestApp } from '../../../test/build-test-app.js'
import { createSellerSession } from '../../../test/factories.js'
import { describe, expect, test } from '../../../test/fixtures.js'

type Session = Awaited<ReturnType<typeof createSellerSession>>

const webhook = { webhook_url: 'https://crm.example.com/hooks/leads', webhook_keys: { email: 'email_address', full_name: 'name' } }

describe('store settings', () => {
  let ctx: TestApp
  let owner: Session
  let other: Session
  const url = (session: Session) => `/api/v1/store-settings/${session.seller.id}/`
  const patch = (session: Session, payload: unknown) =>
    ctx.app.inject({ method: 'PATCH', url: url(session), headers: session.headers, payload: payload as object })

  test.beforeEach(async ({ app }) => {
    ctx = app
    owner = await createSellerSession(ctx)
    other = await createSellerSession(ctx)
  })

  test('answers empty settings with a signing secret that stays the same', async () => {
    const first = await ctx.app.inject({ method: 'GET', url: url(owner), headers: owner.headers })
    expect(first.statusCode).toBe(200)
    const body = first.json()
    expect(body).toEqual({
      webhook_url: null,
      webhook_keys: { email: null, full_name: null },
      privacy_policy: null,
      terms_and_conditions: null,
      support_link: null,
      webhook_secret: expect.stringMatching(/^whsec_[A-Za-z0-9]{32}$/),
    })
    const again = await ctx.app.inject({ method: 'GET', url: url(owner), headers: owner.headers })
    expect(again.json().webhook_secret).toBe(body.webhook_secret)
  })

  test('saves the Webhook form alone', async () => {
    const response = await patch(owner, webhook)
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({ ...webhook, privacy_policy: null })
  })

  test('saves the Company Data form alone, keeping the webhook', async () => {
    expect((await patch(owner, webhook)).statusCode).toBe(200)
    const response = await patch(owner, {
      privacy_policy: 'https://shop.example.com/privacy',
      terms_and_conditions: '',
      support_link: 'https://help.example.com',
    })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({
      ...webhook,
      privacy_policy: 'https://shop.example.com/privacy',
      terms_and_conditions: null,
      support_link: 'https://help.example.com',
    })
    const read = await ctx.app.inject({ method: 'GET', url: url(owner), headers: owner.headers })
    expect(read.json()).toMatchObject({ webhook_url: webhook.webhook_url, support_link: 'https://help.example.com' })
  })

  test('clears a company link sent empty or null', async () => {
    const links = { privacy_policy: 'https://shop.example.com/privacy', support_link: 'https://help.example.com' }
    expect((await patch(owner, links)).statusCode).toBe(200)
    const response = await patch(owner, { support_link: null })
    expect(response.json().support_link).toBeNull()
    expect(response.json().privacy_policy).toBe('https://shop.example.com/privacy')
  })

  test('answers the webhook validation messages by field', async () => {
    const empty = await patch(owner, { webhook_url: '', webhook_keys: { email: '', full_name: '' } })
    expect(empty.statusCode).toBe(400)
    expect(empty.json()).toEqual({
      detail: expect.any(String),
      webhook_url: [messages.required],
      'webhook_keys.email': [messages.required],
      'webhook_keys.full_name': [messages.required],
    })
    const spaced = await patch(owner, { webhook_url: 'crm.example.com', webhook_keys: { email: 'e mail', full_name: 'full\tname' } })
    expect(spaced.json()).toEqual({
      detail: expect.any(String),
      webhook_url: [messages.invalidUrl],
      'webhook_keys.email': [messages.noSpaces],
      'webhook_keys.full_name': [messages.noSpaces],
    })
    const missingKeys = await patch(owner, { webhook_url: 'https://crm.example.com', webhook_keys: {} })
    expect(missingKeys.json()).toEqual({
      detail: expect.any(String),
      'webhook_keys.email': [messages.required],
      'webhook_keys.full_name': [messages.required],
    })
  })

  test('answers the company link messages by field', async () => {
    const response = await patch(owner, {
      privacy_policy: 'privacy',
      terms_and_conditions: 'ftp://x.example.com',
      support_link: 'https://ok.example.com',
    })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({
      detail: expect.any(String),
      privacy_policy: [messages.invalidUrl],
      terms_and_conditions: [messages.invalidUrl],
    })
  })

  test('takes a mailto: link as the support link, and refuses other schemes there (issue 22)', async () => {
    const saved = await patch(owner, { support_link: 'mailto:help@shop.example' })
    expect(saved.statusCode).toBe(200)
    expect(saved.json()).toMatchObject({ support_link: 'mailto:help@shop.example' })
    const refused = await patch(owner, { support_link: 'javascript:alert(1)' })
    expect(refused.statusCode).toBe(400)
    expect(refused.json()).toEqual({ detail: expect.any(String), support_link: [settingsMessages.supportLink] })
  })

  test('refuses to leave a half-configured webhook', async () => {
    const fresh = await createSellerSession(ctx)
    const response = await patch(fresh, { webhook_url: 'https://crm.example.com/hook' })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({
      detail: expect.any(String),
      'webhook_keys.email': [messages.required],
      'webhook_keys.full_name': [messages.required],
    })
  })

  test('answers 404 for another seller id, and 401 without a token', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: url(other), headers: owner.headers })).statusCode).toBe(404)
    expect((await patch({ ...owner, seller: other.seller }, webhook)).statusCode).toBe(404)
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/store-settings/not-a-uuid/', headers: owner.headers })).statusCode).toBe(
      404,
    )
    expect((await ctx.app.inject({ method: 'GET', url: url(owner) })).statusCode).toBe(401)
    expect((await ctx.app.inject({ method: 'PATCH', url: url(owner), payload: { webhook_url: 'x' } })).statusCode).toBe(401)
    // The other seller's settings were not touched.
    const theirs = await ctx.app.inject({ method: 'GET', url: url(other), headers: other.headers })
    expect(theirs.json().webhook_url).toBeNull()
  })
})

describe('store settings with ALLOW_PRIVATE_WEBHOOKS off (the production default)', () => {
  let ctx: TestApp
  let owner: Session
  test.override('appOptions', () => ({ env: { ALLOW_PRIVATE_WEBHOOKS: 'false' } }))
  test.beforeEach(async ({ app }) => {
    ctx = app
    owner = await createSellerSession(ctx)
  })

  const save = (webhookUrl: string) =>
    ctx.app.inject({
      method: 'PATCH',
      url: `/api/v1/store-settings/${owner.seller.id}/`,
      headers: owner.headers,
      payload: { ...webhook, webhook_url: webhookUrl },
    })

  test('refuses loopback, private, link-local and metadata addresses with a field error', async () => {
    for (const address of [
      'http://127.0.0.1:8080/hook',
      'http://localhost/hook',
      'http://2130706433/',
      'http://0x7f000001/',
      'http://10.1.2.3/',
      'http://192.168.1.20/',
      'http://169.254.169.254/latest/meta-data/',
      'http://[::1]/',
      'http://[fd00::5]/',
      'http://[::ffff:10.0.0.1]/',
      // IPv6 forms that carry a loopback IPv4 address underneath (translated, local NAT64, Teredo).
      'http://[::ffff:0:127.0.0.1]/',
      'http://[64:ff9b:1::127.0.0.1]/',
      'http://[2001:0:7f00:1::fefe:fefe]/',
      'http://[2002:7f00:1::1]/',
    ]) {
      const response = await save(address)
      expect(response.statusCode, address).toBe(400)
      expect(response.json(), address).toEqual({ detail: expect.any(String), webhook_url: [settingsMessages.privateWebhook] })
    }
  })

  test('accepts a public address', async () => {
    const response = await save('https://hooks.example.com/catch/1')
    expect(response.statusCode).toBe(200)
    expect(response.json().webhook_url).toBe('https://hooks.example.com/catch/1')
  })
})
