import type { ConversionSettings } from '@funnelry/shared'
import type { TestApp } from '../../../test/build-test-app.js'
import { createSellerSession } from '../../../test/factories.js'
import { describe, expect, test } from '../../../test/fixtures.js'
import { createConversionsModule } from './conversions-module.js'

type Headers = Record<string, string>
const settingsUrl = '/api/v1/conversions-api/'

const complete = {
  meta: { pixel_id: '123456789012345', access_token: 'EAAB-secret-token', test_event_code: 'TEST123' },
  google: { measurement_id: 'G-ABC123XYZ9', api_secret: 'ga4-secret' },
  consent_required: true,
}

describe('Settings → Conversions API (D30)', () => {
  let ctx: TestApp
  let seller: Awaited<ReturnType<typeof createSellerSession>>

  test.beforeEach(async ({ app }) => {
    ctx = app
    seller = await createSellerSession(ctx)
  })

  const put = (payload: Record<string, unknown>, headers: Headers = seller.headers) =>
    ctx.app.inject({ method: 'PUT', url: settingsUrl, payload, headers })
  const get = async (headers: Headers = seller.headers) =>
    (await ctx.app.inject({ url: settingsUrl, headers })).json() as ConversionSettings

  test('starts empty with consent off, and saves the settings without ever answering a secret', async () => {
    expect(await get()).toEqual({
      meta: { pixel_id: null, has_access_token: false, test_event_code: null },
      google: { measurement_id: null, has_api_secret: false },
      consent_required: false,
    })
    const saved = await put(complete)
    expect(saved.statusCode).toBe(200)
    const expected = {
      meta: { pixel_id: '123456789012345', has_access_token: true, test_event_code: 'TEST123' },
      google: { measurement_id: 'G-ABC123XYZ9', has_api_secret: true },
      consent_required: true,
    }
    expect(saved.json()).toEqual(expected)
    expect(await get()).toEqual(expected)
    expect(saved.body).not.toContain('EAAB-secret-token')
    expect(saved.body).not.toContain('ga4-secret')

    // What the public pages ask to show the consent banner (D31), through the module's entry.
    const { consentRequired } = createConversionsModule({
      db: ctx.db,
      jobs: ctx.jobs,
      now: ctx.clock.now,
      publicUrl: ctx.config.publicUrl,
      urls: { metaGraphUrl: ctx.config.META_GRAPH_URL, ga4Url: ctx.config.GA4_MP_URL },
      log: () => {},
    }).services
    expect(await consentRequired(ctx.db, seller.seller.id)).toBe(true)
    expect(await consentRequired(ctx.db, (await createSellerSession(ctx)).seller.id)).toBe(false)
  })

  test('keeps a saved secret when the form leaves it out, and removes it when sent empty', async () => {
    await put(complete)
    await put({ ...complete, meta: { pixel_id: '1234567890123456', test_event_code: '' }, google: { measurement_id: 'G-ABC123XYZ9' } })
    expect(await get()).toMatchObject({
      meta: { pixel_id: '1234567890123456', has_access_token: true, test_event_code: null },
      google: { has_api_secret: true },
    })
    await put({ ...complete, meta: { ...complete.meta, access_token: '' }, google: { measurement_id: null, api_secret: null } })
    expect(await get()).toMatchObject({
      meta: { has_access_token: false },
      google: { measurement_id: null, has_api_secret: false },
    })
  })

  test('answers malformed IDs and a secret without its ID as field errors', async () => {
    const wrongIds = await put({ ...complete, meta: { ...complete.meta, pixel_id: '12345' }, google: { measurement_id: 'UA-1234-1' } })
    expect(wrongIds.statusCode).toBe(400)
    expect(wrongIds.json()).toMatchObject({
      'meta.pixel_id': [expect.stringContaining('15 or 16 digits')],
      'google.measurement_id': [expect.stringContaining('G-')],
    })
    const orphan = await put({ ...complete, meta: { pixel_id: null, access_token: 'token' } })
    expect(orphan.statusCode).toBe(400)
    expect(orphan.json()).toMatchObject({ 'meta.pixel_id': [expect.stringContaining('pixel ID')] })
    expect((await put({ ...complete, consent_required: 'yes' })).statusCode).toBe(400)
    expect(await get()).toMatchObject({ meta: { pixel_id: null } })
  })

  test("one seller never sees another's settings or log, and a stranger gets 401", async () => {
    await put(complete)
    const other = await createSellerSession(ctx)
    expect(await get(other.headers)).toMatchObject({ meta: { pixel_id: null, has_access_token: false } })
    const log = await ctx.app.inject({ url: '/api/v1/conversions-api/deliveries/', headers: other.headers })
    expect(log.json()).toMatchObject({ count: 0, results: [] })
    expect((await ctx.app.inject({ url: settingsUrl })).statusCode).toBe(401)
    expect((await ctx.app.inject({ method: 'POST', url: '/api/v1/conversions-api/test/' })).statusCode).toBe(401)
  })
})
