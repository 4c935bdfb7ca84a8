import type { ConversionDeliveryList, ConversionTestResponse } from '@funnelry/shared'
import { afterAll, beforeAll } from 'vitest'
import type { TestApp } from '../../../test/build-test-app.js'
import { createSellerSession } from '../../../test/factories.js'
import { describe, expect, test } from '../../../test/fixtures.js'
import { type AdPlatformsStandIn, startAdPlatformsStandIn } from '../../../test/support/ad-platforms-stand-in.js'

describe('"Send test event" (D30): each platform\'s answer in plain words', () => {
  let standIn: AdPlatformsStandIn
  let ctx: TestApp
  let seller: Awaited<ReturnType<typeof createSellerSession>>

  beforeAll(async () => {
    standIn = await startAdPlatformsStandIn()
  })
  afterAll(async () => {
    await standIn.close()
  })
  test.override('appOptions', () => ({ env: standIn.env }))
  test.beforeEach(async ({ app }) => {
    ctx = app
    standIn.requests.splice(0)
    standIn.answerWith(undefined)
    seller = await createSellerSession(ctx)
  })

  const configure = (meta: Record<string, unknown>, google: Record<string, unknown>) =>
    ctx.app.inject({
      method: 'PUT',
      url: '/api/v1/conversions-api/',
      headers: seller.headers,
      payload: { meta, google, consent_required: false },
    })
  const sendTest = () => ctx.app.inject({ method: 'POST', url: '/api/v1/conversions-api/test/', headers: seller.headers })

  test('sends Meta a test event with the test event code and validates GA4 through /debug/mp/collect', async () => {
    await configure(
      { pixel_id: '123456789012345', access_token: 'meta-test-token', test_event_code: 'TEST4242' },
      { measurement_id: 'G-ABC123XYZ9', api_secret: 'ga4-secret' },
    )
    const response = await sendTest()
    expect(response.statusCode).toBe(200)
    const { results } = response.json() as ConversionTestResponse
    expect(results).toEqual([
      {
        platform: 'meta',
        ok: true,
        status_code: 200,
        message: expect.stringContaining('Meta received the test event (events received: 1)'),
      },
      { platform: 'google', ok: true, status_code: 200, message: 'Google validated the test event: no problems found.' },
    ])
    expect(standIn.requests.map((request) => request.path)).toEqual(expect.arrayContaining(['/debug/mp/collect']))
    expect(standIn.received('google')).toHaveLength(0)
    expect(standIn.received('meta')[0]?.body).toMatchObject({ test_event_code: 'TEST4242', data: [{ event_name: 'Lead' }] })
    const log = (
      await ctx.app.inject({ url: '/api/v1/conversions-api/deliveries/', headers: seller.headers })
    ).json() as ConversionDeliveryList
    expect(log.results.map((entry) => entry.status)).toEqual(['sent', 'sent'])
  })

  test('says why a platform refused: a revoked token, a validation message, a platform down', async () => {
    await configure({ pixel_id: '123456789012345', access_token: 'revoked' }, { measurement_id: 'G-ABC123XYZ9', api_secret: 'ga4-secret' })
    standIn.answerWith((request) =>
      request.platform === 'google'
        ? {
            status: 200,
            body: {
              validationMessages: [{ fieldPath: 'events', description: 'Event name is reserved.', validationCode: 'NAME_RESERVED' }],
            },
          }
        : undefined,
    )
    const refused = (await sendTest()).json() as ConversionTestResponse
    expect(refused.results).toEqual([
      {
        platform: 'meta',
        ok: false,
        status_code: 400,
        message: expect.stringMatching(/^Meta refused the access token.*Invalid OAuth access token/),
      },
      {
        platform: 'google',
        ok: false,
        status_code: 200,
        message: 'Google found a problem with the event: Event name is reserved. (events).',
      },
    ])

    standIn.answerWith(() => ({ status: 502 }))
    const down = (await sendTest()).json() as ConversionTestResponse
    expect(down.results.map((result) => result.message)).toEqual([
      'Meta had a problem on its side (it answered 502 Bad Gateway).',
      'Google Analytics 4 had a problem on its side (it answered 502 Bad Gateway).',
    ])
  })

  test('answers 400 in plain words when no platform is configured', async () => {
    const response = await sendTest()
    expect(response.statusCode).toBe(400)
    expect(response.json().detail).toContain('Save a Meta pixel ID')
    expect(standIn.requests).toHaveLength(0)
  })
})
