import { messages, settingsMessages } from '@funnelry/shared'
import type { TestApp } from '../../../test/build-test-app.js'
import { startTestDnsServer, type TestDnsServer } from '../../../test/dns-server.js'
import { createSellerSession } from '../../../test/factories.js'
import { describe, expect, test } from '../../../test/fixtures.js'
import { createFree } from '../offers/offer-test-kit.js'
import { domainLostReason } from './settings-repository.js'

type Session = Awaited<ReturnType<typeof createSellerSession>>

describe('domain settings and the DNS proof of a domain', () => {
  let ctx: TestApp
  let dns: TestDnsServer
  let owner: Session
  let other: Session
  const url = (session: Session) => `/api/v1/domain-settings/${session.seller.id}/`
  const save = (session: Session, domain: unknown, extra: object = {}) =>
    ctx.app.inject({ method: 'PATCH', url: url(session), headers: session.headers, payload: { domain, ...extra } as object })
  const read = async (session: Session) => (await ctx.app.inject({ method: 'GET', url: url(session), headers: session.headers })).json()
  const verify = (session: Session) => ctx.app.inject({ method: 'POST', url: `${url(session)}verify/`, headers: session.headers })
  const allowed = (domain: string) =>
    ctx.app.inject({ method: 'GET', url: `/api/v1/domains/allowed/?domain=${encodeURIComponent(domain)}` })
  const recordName = '_funnelry.shop.example.com'

  test.override('appOptions', () => ({
    env: {
      PUBLIC_IP: '203.0.113.7',
      PUBLIC_URL: 'https://app.funnelry.test',
      PAGES_URL: 'https://pages.funnelry.test',
      DNS_SERVER: dns.address,
    },
  }))
  // Before the app: its settings name this test's DNS server.
  test.beforeEach(async () => {
    dns = await startTestDnsServer()
  })
  test.beforeEach(async ({ app }) => {
    ctx = app
    owner = await createSellerSession(ctx)
    other = await createSellerSession(ctx)
  })
  test.afterEach(async () => {
    await dns.close()
  })

  test('shows the A-record IP before any domain is saved (decision D8)', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: url(owner), headers: owner.headers })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({
      domain: null,
      dns_ip: '203.0.113.7',
      txt_record: null,
      status: null,
      failure_reason: null,
      checked_at: null,
      default_offer_id: null,
    })
  })

  test('stores the domain normalised and pending, with the TXT record that proves it', async () => {
    const response = await save(owner, 'https://Shop.Example.com:8443/path?x=1')
    expect(response.statusCode).toBe(200)
    const settings = response.json()
    expect(settings).toMatchObject({ domain: 'shop.example.com', status: 'pending', failure_reason: null })
    expect(settings.txt_record.name).toBe(recordName)
    expect(settings.txt_record.value).toMatch(/^funnelry-verify=[0-9a-f]{32}$/)
    expect(await read(owner)).toEqual({ ...settings, checked_at: expect.any(String) })
    // Typed in, not proven: no certificate, no pages.
    expect((await allowed('shop.example.com')).statusCode).toBe(404)
  })

  test('fails a check with a reason the seller can act on', async () => {
    expect((await save(owner, 'shop.example.com')).statusCode).toBe(200)
    const { txt_record: record } = await read(owner)
    const missing = await verify(owner)
    expect(missing.statusCode).toBe(200)
    expect(missing.json()).toMatchObject({ status: 'failed', failure_reason: `No TXT record was found at ${recordName}.` })

    dns.setTxt(recordName, 'funnelry-verify=someone-elses-token')
    expect((await verify(owner)).json()).toMatchObject({
      status: 'failed',
      failure_reason: `The TXT record at ${recordName} does not contain ${record.value}.`,
    })

    dns.setBroken(true)
    const broken = (await verify(owner)).json()
    dns.setBroken(false)
    expect(broken.status).toBe('failed')
    expect(broken.failure_reason).toBe(`The DNS lookup of ${recordName} failed (ESERVFAIL); try again in a few minutes.`)
    expect((await allowed('shop.example.com')).statusCode).toBe(404)
  })

  test('verifies the domain once the record is in DNS, among other TXT records', async () => {
    expect((await save(owner, 'shop.example.com')).statusCode).toBe(200)
    const { txt_record: record } = await read(owner)
    dns.setTxt(recordName, 'v=spf1 -all', record.value)
    const verified = await verify(owner)
    expect(verified.json()).toMatchObject({ domain: 'shop.example.com', status: 'verified', failure_reason: null })
    expect(verified.json().checked_at).toBe(ctx.clock.now().toISOString())
    const yes = await allowed('SHOP.EXAMPLE.COM')
    expect(yes.statusCode).toBe(200)
    expect(yes.json()).toEqual({ allowed: true })
    // The same domain saved again keeps its token and its proof.
    expect((await save(owner, 'shop.example.com')).json()).toMatchObject({ status: 'verified', txt_record: record })
  })

  test('does not let an unproven claim block the seller who proves it: the proof wins', async () => {
    // The owner has proven the domain.
    const { txt_record: ownerRecord } = (await save(owner, 'shop.example.com')).json()
    dns.setTxt(recordName, ownerRecord.value)
    expect((await verify(owner)).json()).toMatchObject({ status: 'verified' })

    const claim = await save(other, 'http://shop.example.com/')
    expect(claim.statusCode).toBe(200)
    const theirRecord = claim.json().txt_record
    expect(claim.json().status).toBe('pending')
    expect(theirRecord.value).not.toBe((await read(owner)).txt_record.value)
    // The domain still serves its proven owner.
    expect((await read(owner)).status).toBe('verified')
    expect((await allowed('shop.example.com')).statusCode).toBe(200)

    // The domain's DNS now names the other seller: they prove it, the first claim loses it.
    dns.setTxt(recordName, theirRecord.value)
    expect((await verify(other)).json()).toMatchObject({ status: 'verified' })
    expect(await read(owner)).toMatchObject({ status: 'failed', failure_reason: domainLostReason })
    expect((await allowed('shop.example.com')).statusCode).toBe(200)
    expect((await save(other, null)).json().domain).toBeNull()
    expect((await allowed('shop.example.com')).statusCode).toBe(404)
  })

  test("verifies on save when the record is already there (the token is the seller's, whatever the domain)", async () => {
    const first = (await save(other, 'early.example.com')).json()
    expect(first.status).toBe('pending')
    dns.setTxt('_funnelry.later.example.com', first.txt_record.value)
    const moved = (await save(other, 'later.example.com')).json()
    expect(moved).toMatchObject({ domain: 'later.example.com', status: 'verified', txt_record: { name: '_funnelry.later.example.com' } })
    expect(moved.txt_record.value).toBe(first.txt_record.value)
    expect((await save(other, null)).statusCode).toBe(200)
  })

  test("keeps the seller's default offer for the domain's root, only one of their own", async () => {
    const mine = await createFree(ctx, owner.headers)
    const theirs = await createFree(ctx, other.headers)
    const saved = await save(owner, 'shop.example.com', { default_offer_id: mine.id })
    expect(saved.statusCode).toBe(200)
    expect(saved.json().default_offer_id).toBe(mine.id)
    for (const bad of [theirs.id, 'not-an-id']) {
      const refused = await save(owner, 'shop.example.com', { default_offer_id: bad })
      expect(refused.statusCode, bad).toBe(400)
      expect(refused.json(), bad).toEqual({ detail: expect.any(String), default_offer_id: [settingsMessages.defaultOffer] })
    }
    expect((await save(owner, 'shop.example.com')).json().default_offer_id).toBe(mine.id)
    expect((await save(owner, 'shop.example.com', { default_offer_id: null })).json().default_offer_id).toBeNull()
  })

  test('refuses what is not a domain, and the platform hosts themselves', async () => {
    for (const bad of ['not a domain', 'localhost', 'ftp://shop.example.net', '10.0.0.1']) {
      const response = await save(other, bad)
      expect(response.statusCode, bad).toBe(400)
      expect(response.json(), bad).toEqual({ detail: expect.any(String), domain: [settingsMessages.invalidDomain] })
    }
    for (const reserved of ['https://app.funnelry.test', 'evil.app.funnelry.test', 'pages.funnelry.test', 'x.pages.funnelry.test']) {
      expect((await save(other, reserved)).json(), reserved).toEqual({
        detail: expect.any(String),
        domain: [settingsMessages.domainReserved],
      })
    }
    const missing = await ctx.app.inject({ method: 'PATCH', url: url(other), headers: other.headers, payload: {} })
    expect(missing.json()).toEqual({ detail: expect.any(String), domain: [messages.required] })
  })

  test('asks for a domain before checking one', async () => {
    const response = await verify(other)
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({ detail: expect.any(String), domain: [settingsMessages.noDomain] })
  })

  test('answers domains/allowed 400 without a domain', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/domains/allowed/' })).statusCode).toBe(400)
    expect((await allowed('app.funnelry.test')).statusCode).toBe(404)
  })

  test("answers 404 for another seller's id, and 401 without a token", async () => {
    expect((await ctx.app.inject({ method: 'GET', url: url(other), headers: owner.headers })).statusCode).toBe(404)
    expect(
      (await ctx.app.inject({ method: 'PATCH', url: url(other), headers: owner.headers, payload: { domain: 'x.example.com' } })).statusCode,
    ).toBe(404)
    expect((await ctx.app.inject({ method: 'POST', url: `${url(other)}verify/`, headers: owner.headers })).statusCode).toBe(404)
    expect((await ctx.app.inject({ method: 'GET', url: url(owner) })).statusCode).toBe(401)
  })
})
