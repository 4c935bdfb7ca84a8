import { messages, settingsMessages } from '@funnelry/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../../test/build-test-app.js'
import { createSellerSession } from '../../../test/factories.js'
import { createDomainService } from './domain-service.js'

type Session = Awaited<ReturnType<typeof createSellerSession>>

describe('domain settings', () => {
  let ctx: TestApp
  let owner: Session
  let other: Session
  const url = (session: Session) => `/api/v1/domain-settings/${session.seller.id}/`
  const save = (session: Session, domain: unknown) =>
    ctx.app.inject({ method: 'PATCH', url: url(session), headers: session.headers, payload: { domain } as object })
  const allowed = (domain: string) =>
    ctx.app.inject({ method: 'GET', url: `/api/v1/domains/allowed/?domain=${encodeURIComponent(domain)}` })

  beforeAll(async () => {
    ctx = await createTestApp({ env: { PUBLIC_IP: '203.0.113.7', PUBLIC_URL: 'https://app.funnelry.test' } })
    owner = await createSellerSession(ctx)
    other = await createSellerSession(ctx)
  })
  afterAll(() => ctx.close())

  it('shows the A-record IP before any domain is saved (decision D8)', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: url(owner), headers: owner.headers })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ domain: null, dns_ip: '203.0.113.7' })
  })

  it('stores the domain normalised: lower case host, no scheme, port or path', async () => {
    const response = await save(owner, 'https://Shop.Example.com:8443/path?x=1')
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ domain: 'shop.example.com', dns_ip: '203.0.113.7' })
    const read = await ctx.app.inject({ method: 'GET', url: url(owner), headers: owner.headers })
    expect(read.json().domain).toBe('shop.example.com')
  })

  it('accepts a bare host name and saving the same domain again', async () => {
    expect((await save(owner, 'SHOP.example.com')).json().domain).toBe('shop.example.com')
  })

  it('gives a domain to one seller only', async () => {
    const response = await save(other, 'http://shop.example.com/')
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({ domain: [settingsMessages.domainTaken] })
  })

  it('refuses what is not a domain, and the platform host itself', async () => {
    for (const bad of ['not a domain', 'localhost', 'ftp://shop.example.net', '10.0.0.1']) {
      const response = await save(other, bad)
      expect(response.statusCode, bad).toBe(400)
      expect(response.json(), bad).toEqual({ domain: [settingsMessages.invalidDomain] })
    }
    expect((await save(other, 'https://app.funnelry.test')).json()).toEqual({ domain: [settingsMessages.domainReserved] })
    expect((await save(other, 'evil.app.funnelry.test')).json()).toEqual({ domain: [settingsMessages.domainReserved] })
    const missing = await ctx.app.inject({ method: 'PATCH', url: url(other), headers: other.headers, payload: {} })
    expect(missing.json()).toEqual({ domain: [messages.required] })
  })

  it('answers domains/allowed with 200 only for a domain some seller has (Caddy `ask`)', async () => {
    const yes = await allowed('shop.example.com')
    expect(yes.statusCode).toBe(200)
    expect(yes.json()).toEqual({ allowed: true })
    expect((await allowed('SHOP.EXAMPLE.COM')).statusCode).toBe(200)
    expect((await allowed('other.example.com')).statusCode).toBe(404)
    expect((await allowed('app.funnelry.test')).statusCode).toBe(404)
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/domains/allowed/' })).statusCode).toBe(400)
  })

  it('finds the seller of a Host header', async () => {
    const domains = createDomainService({ db: ctx.db, now: ctx.clock.now, publicUrl: ctx.config.publicUrl, publicIp: ctx.config.PUBLIC_IP })
    expect(await domains.findSellerByDomain('Shop.Example.com:443')).toBe(owner.seller.id)
    expect(await domains.findSellerByDomain('shop.example.com.')).toBe(owner.seller.id)
    expect(await domains.findSellerByDomain('unknown.example.com')).toBeNull()
    expect(await domains.findSellerByDomain('[::1]:3000')).toBeNull()
  })

  it('clears the domain when sent empty, which frees it for another seller', async () => {
    const cleared = await save(owner, '')
    expect(cleared.statusCode).toBe(200)
    expect(cleared.json()).toEqual({ domain: null, dns_ip: '203.0.113.7' })
    expect((await allowed('shop.example.com')).statusCode).toBe(404)
    expect((await save(other, 'shop.example.com')).statusCode).toBe(200)
    expect((await save(other, null)).json().domain).toBeNull()
  })

  it("answers 404 for another seller's id, and 401 without a token", async () => {
    expect((await ctx.app.inject({ method: 'GET', url: url(other), headers: owner.headers })).statusCode).toBe(404)
    expect(
      (await ctx.app.inject({ method: 'PATCH', url: url(other), headers: owner.headers, payload: { domain: 'x.example.com' } })).statusCode,
    ).toBe(404)
    expect((await ctx.app.inject({ method: 'GET', url: url(owner) })).statusCode).toBe(401)
  })
})
