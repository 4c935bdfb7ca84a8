import { createHash } from 'node:crypto'
import type { ConversionDeliveryList } from '@funnelry/shared'
import { afterAll, beforeAll } from 'vitest'
import { eventually, type TestApp } from '../../../test/build-test-app.js'
import { waitForDrainedQueues } from '../../../test/drained-queues.js'
import { createSellerSession } from '../../../test/factories.js'
import { describe, expect, test } from '../../../test/fixtures.js'
import { insertFreeOffer } from '../../../test/funnel-factories.js'
import { type AdPlatformsStandIn, startAdPlatformsStandIn } from '../../../test/support/ad-platforms-stand-in.js'

const hash = (value: string) => createHash('sha256').update(value).digest('hex')
const visitorHeaders = {
  'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X)',
  referer: 'http://pages.funnelry.test/free-offer/recipes',
  cookie: '_fbp=fb.1.1700000000000.1234567890; _fbc=fb.1.1700000000000.AbCdEf; _ga=GA1.1.987654321.1700000000; funnelry_consent=granted',
}

describe('server events of captured leads (D29-D31): each reaches each platform once', () => {
  let standIn: AdPlatformsStandIn
  let ctx: TestApp
  let seller: Awaited<ReturnType<typeof createSellerSession>>
  let offerId: string

  beforeAll(async () => {
    standIn = await startAdPlatformsStandIn()
  })
  afterAll(async () => {
    await standIn.close()
  })
  test.override('appOptions', () => ({ workers: true, env: standIn.env }))
  test.beforeEach(async ({ app }) => {
    ctx = app
    standIn.requests.splice(0)
    standIn.answerWith(undefined)
    seller = await createSellerSession(ctx)
    offerId = (await insertFreeOffer(ctx, seller.seller.id)).id
  })

  const configure = (overrides: Record<string, unknown> = {}) =>
    ctx.app.inject({
      method: 'PUT',
      url: '/api/v1/conversions-api/',
      headers: seller.headers,
      payload: {
        meta: { pixel_id: '123456789012345', access_token: 'meta-test-token', test_event_code: null },
        google: { measurement_id: 'G-ABC123XYZ9', api_secret: 'ga4-secret' },
        consent_required: false,
        ...overrides,
      },
    })
  const optIn = (email: string, headers: Record<string, string> = visitorHeaders) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/v1/seller/webhook/notify/',
      payload: { product_id: offerId, email, full_name: '  Ada  King Lovelace ' },
      headers,
      remoteAddress: '203.0.113.7',
    })
  const log = async () =>
    (await ctx.app.inject({ url: '/api/v1/conversions-api/deliveries/', headers: seller.headers })).json() as ConversionDeliveryList
  const leadId = async (email: string) => {
    const { rows } = await ctx.pool.query<{ id: string }>('select id from leads where email = $1', [email])
    return rows[0]?.id
  }

  test('sends Lead to Meta and generate_lead to GA4 with hashed details, the request and the cookies', async () => {
    await configure()
    expect((await optIn(' Ada@Example.COM ')).statusCode).toBe(201)
    await eventually(async () => standIn.received('meta').length === 1 && standIn.received('google').length === 1)
    const id = await leadId('ada@example.com')

    const [meta] = standIn.received('meta')
    expect(meta?.path).toMatch(/^\/v\d+\.\d+\/123456789012345\/events$/)
    expect(meta?.query.get('access_token')).toBe('meta-test-token')
    expect(meta?.body).toEqual({
      data: [
        {
          event_name: 'Lead',
          event_time: expect.any(Number),
          event_id: `lead.${id}`,
          action_source: 'website',
          event_source_url: visitorHeaders.referer,
          user_data: {
            em: hash('ada@example.com'),
            fn: hash('ada'),
            ln: hash('lovelace'),
            client_ip_address: '203.0.113.7',
            client_user_agent: visitorHeaders['user-agent'],
            fbp: 'fb.1.1700000000000.1234567890',
            fbc: 'fb.1.1700000000000.AbCdEf',
          },
        },
      ],
    })

    const [google] = standIn.received('google')
    expect(google?.path).toBe('/mp/collect')
    expect(Object.fromEntries(google?.query ?? [])).toEqual({ measurement_id: 'G-ABC123XYZ9', api_secret: 'ga4-secret' })
    expect(google?.body).toMatchObject({
      client_id: '987654321.1700000000',
      events: [{ name: 'generate_lead', params: { event_id: `lead.${id}`, transaction_id: `lead.${id}` } }],
    })

    await waitForDrainedQueues(ctx.pool)
    const entries = (await log()).results
    expect(entries).toHaveLength(2)
    expect(entries.find((entry) => entry.platform === 'meta')).toMatchObject({
      event_name: 'Lead',
      event_id: `lead.${id}`,
      status: 'sent',
      attempts: 1,
      status_code: 200,
      events_received: 1,
      fbtrace_id: expect.any(String),
      reason: null,
    })
    expect(entries.find((entry) => entry.platform === 'google')).toMatchObject({
      event_name: 'generate_lead',
      status: 'sent',
      status_code: 204,
    })
  })

  test("without the pixel's _fbc cookie, Meta gets the click id the ad's arrival kept, with when it was seen (fb.1.<ms>.<fbclid>)", async () => {
    await configure()
    const before = Date.now()
    // The page's view call on arrival from a Facebook ad keeps the arrival (D37) in its cookie.
    const view = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/free-product/${offerId}/view/`,
      payload: { utm_source: 'facebook', utm_campaign: 'spring', fbclid: 'IwAR0clickid' },
    })
    expect(view.statusCode).toBe(204)
    const arrival = String(view.headers['set-cookie']).split(';')[0]
    const headers = { ...visitorHeaders, cookie: `_fbp=fb.1.1700000000000.1234567890; funnelry_consent=granted; ${arrival}` }
    expect((await optIn('clicked@example.com', headers)).statusCode).toBe(201)
    await eventually(async () => standIn.received('meta').length === 1)

    type MetaBody = { data: { user_data: { fbc?: string } }[] }
    const userData = (n: number) => (standIn.received('meta')[n]?.body as MetaBody | undefined)?.data[0]?.user_data
    const fbc = userData(0)?.fbc
    const [, seenAt, clickId] = /^fb\.1\.(\d+)\.(.+)$/.exec(fbc ?? '') ?? []
    expect(clickId).toBe('IwAR0clickid')
    expect(Number(seenAt)).toBeGreaterThanOrEqual(before)
    expect(Number(seenAt)).toBeLessThanOrEqual(Date.now())

    // A visitor with neither the cookie nor a click id sends no fbc at all.
    await optIn('organic@example.com', { ...visitorHeaders, cookie: 'funnelry_consent=granted' })
    await eventually(async () => standIn.received('meta').length === 2)
    expect(userData(1)).toBeDefined()
    expect(userData(1)).not.toHaveProperty('fbc')
  })

  test('sends a lead once per platform however often the visitor opts in', async () => {
    await configure()
    const responses = await Promise.all([optIn('twice@example.com'), optIn('twice@example.com'), optIn('TWICE@example.com')])
    expect(responses.map((response) => response.statusCode)).toEqual([201, 201, 201])
    await optIn('twice@example.com')
    await waitForDrainedQueues(ctx.pool)
    expect(standIn.received('meta')).toHaveLength(1)
    expect(standIn.received('google')).toHaveLength(1)
  })

  test('a refused token (4xx) is tried once and logged with a plain reason; a 5xx is retried until it goes through', async () => {
    await configure({
      meta: { pixel_id: '123456789012345', access_token: 'revoked-token' },
      google: { measurement_id: null, api_secret: null },
    })
    await optIn('refused@example.com')
    await waitForDrainedQueues(ctx.pool)
    expect(standIn.received('meta')).toHaveLength(1)
    expect((await log()).results[0]).toMatchObject({
      status: 'failed',
      attempts: 1,
      status_code: 400,
      fbtrace_id: expect.any(String),
      reason: expect.stringContaining('Meta refused the access token'),
    })

    await configure({ google: { measurement_id: null, api_secret: null } })
    let calls = 0
    standIn.answerWith(() => (++calls <= 2 ? { status: 503, body: { error: { message: 'Service unavailable' } } } : undefined))
    await optIn('retried@example.com')
    await eventually(async () => (await log()).results.find((entry) => entry.status === 'sent'))
    await waitForDrainedQueues(ctx.pool)
    const id = await leadId('retried@example.com')
    const sends = standIn.received('meta').filter((request) => JSON.stringify(request.body).includes(`lead.${id}`))
    expect(sends).toHaveLength(3)
    expect((await log()).results.find((entry) => entry.event_id === `lead.${id}`)).toMatchObject({ status: 'sent', attempts: 3 })
  })

  test('with consent required, a visitor who has not accepted sends nothing; one who has sends as usual', async () => {
    await configure({ consent_required: true })
    const withoutConsent = { ...visitorHeaders, cookie: '_fbp=fb.1.1700000000000.1234567890' }
    expect((await optIn('private@example.com', withoutConsent)).statusCode).toBe(201)
    expect((await optIn('accepted@example.com')).statusCode).toBe(201)
    await waitForDrainedQueues(ctx.pool)
    const sent = JSON.stringify(standIn.requests.map((request) => request.body))
    expect(sent).toContain(`lead.${await leadId('accepted@example.com')}`)
    expect(sent).not.toContain(`lead.${await leadId('private@example.com')}`)
    expect((await log()).count).toBe(2)
  })

  test('no identifier is stored in a browser that has not accepted tracking, where the seller asks for consent (D31)', async () => {
    const clientIdSet = (response: Awaited<ReturnType<typeof optIn>>) =>
      String(response.headers['set-cookie'] ?? '').includes('funnelry_cid=')
    await configure({ consent_required: true })
    expect(clientIdSet(await optIn('unanswered@example.com', { 'user-agent': 'Test' }))).toBe(false)
    expect(clientIdSet(await optIn('declined@example.com', { 'user-agent': 'Test', cookie: 'funnelry_consent=denied' }))).toBe(false)
    expect(clientIdSet(await optIn('accepted@example.com', { 'user-agent': 'Test', cookie: 'funnelry_consent=granted' }))).toBe(true)
    // No platform to send to: nothing to keep an id for.
    await configure({ meta: { pixel_id: null, access_token: null }, google: { measurement_id: null, api_secret: null } })
    expect(clientIdSet(await optIn('untracked@example.com', { 'user-agent': 'Test' }))).toBe(false)
  })

  test('a visitor without a _ga cookie gets a generated client id, kept in a first-party cookie', async () => {
    await configure({ meta: { pixel_id: null, access_token: null } })
    const response = await optIn('new@example.com', { 'user-agent': 'Test' })
    const cookie = String(response.headers['set-cookie'])
    const clientId = /funnelry_cid=(\d+\.\d+)/.exec(cookie)?.[1]
    expect(clientId).toBeDefined()
    await optIn('again@example.com', { 'user-agent': 'Test', cookie: `funnelry_cid=${clientId}` })
    await eventually(async () => standIn.received('google').length === 2)
    expect(standIn.received('google').map((request) => request.body.client_id)).toEqual([clientId, clientId])
  })
})
