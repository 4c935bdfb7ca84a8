import { type Utm, utmValueMaxLength } from '@funnelry/shared'
import { and, eq } from 'drizzle-orm'
import { eventually, type TestApp } from '../../../test/build-test-app.js'
import { createSeller } from '../../../test/factories.js'
import { describe, expect, test } from '../../../test/fixtures.js'
import { configureWebhook, insertFreeOffer } from '../../../test/funnel-factories.js'
import { leads } from '../leads/leads-tables.js'
import { orders } from '../orders/orders-tables.js'
import { webhookDeliveries } from '../webhooks/webhooks-tables.js'

/*
 * Decision D37: the pages origin keeps the visitor's last non-direct arrival for 30 days in a
 * first-party cookie, set by the page view call (the page's HTML stays one cached answer), and
 * each lead and order stores it.
 */

const campaign = { utm_source: 'facebook', utm_medium: 'paid', utm_campaign: 'black-friday', fbclid: 'IwAR0abc' }
const storedCampaign: Utm = { ...campaign, utm_content: null, utm_term: null, gclid: null }

let clients = 0
const client = () => {
  clients += 1
  return `198.51.100.${clients}`
}

async function setUp(app: TestApp) {
  const sellerId = (await createSeller(app)).seller.id
  const offerId = (await insertFreeOffer(app, sellerId, { headline: 'Seven Recipes' })).id
  await configureWebhook(app, sellerId, 'https://crm.example/hook')
  /** One page load: the fields of the page's address, and the cookies the browser holds. */
  const view = (fields: Record<string, string>, cookie?: string) =>
    app.inject({
      method: 'POST',
      url: `/api/v1/free-product/${offerId}/view/`,
      payload: fields,
      remoteAddress: client(),
      ...(cookie ? { headers: { cookie } } : {}),
    })
  const optIn = (email: string, cookie?: string) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/seller/webhook/notify/',
      payload: { full_name: 'Grace Hopper', email, product_id: offerId },
      remoteAddress: client(),
      ...(cookie ? { headers: { cookie } } : {}),
    })
  const leadOf = async (email: string) => (await app.db.select().from(leads).where(eq(leads.email, email)))[0]
  return { sellerId, offerId, view, optIn, leadOf }
}

/** The `name=value` a browser sends back from a `Set-Cookie` header. */
const cookieOf = (setCookie: string | string[] | number | undefined) => String(setCookie ?? '').split(';')[0] ?? ''

describe('the campaign of a visitor (decision D37)', () => {
  test('a campaign arrival sets a 30-day first-party cookie, and the opt-in stores it on the lead', async ({ app }) => {
    const { view, optIn, leadOf } = await setUp(app)
    const landed = await view(campaign)
    expect(landed.statusCode).toBe(204)
    const setCookie = String(landed.headers['set-cookie'])
    expect(setCookie).toMatch(/^funnelry_arrival=[^;]+; Max-Age=2592000; Path=\/; HttpOnly; SameSite=Lax$/)

    expect((await optIn('grace@example.com', cookieOf(setCookie))).statusCode).toBe(201)
    expect(await leadOf('grace@example.com')).toMatchObject({
      utmSource: 'facebook',
      utmMedium: 'paid',
      utmCampaign: 'black-friday',
      utmContent: null,
      utmTerm: null,
      fbclid: 'IwAR0abc',
      gclid: null,
    })
  })

  test('a direct visit keeps the earlier campaign; the next campaign arrival replaces it whole', async ({ app }) => {
    const { view, optIn, leadOf } = await setUp(app)
    const first = cookieOf((await view(campaign)).headers['set-cookie'])
    const direct = await view({}, first)
    expect(direct.statusCode).toBe(204)
    // No new cookie: the browser keeps the one it has until its 30 days are over.
    expect(direct.headers['set-cookie']).toBeUndefined()
    await optIn('direct@example.com', first)
    expect(await leadOf('direct@example.com')).toMatchObject({ utmCampaign: 'black-friday', fbclid: 'IwAR0abc' })

    const second = cookieOf((await view({ gclid: 'Cj0KCQ', utm_source: 'google' }, first)).headers['set-cookie'])
    await optIn('later@example.com', second)
    expect(await leadOf('later@example.com')).toMatchObject({ utmSource: 'google', utmCampaign: null, fbclid: null, gclid: 'Cj0KCQ' })
  })

  test('a visitor without the cookie (or with one that cannot be read) is direct; long values are cut', async ({ app }) => {
    const { view, optIn, leadOf } = await setUp(app)
    await optIn('none@example.com')
    expect(await leadOf('none@example.com')).toMatchObject({ utmSource: null, utmCampaign: null, fbclid: null })
    await optIn('broken@example.com', 'funnelry_arrival=%E0%A4%A; other=1')
    expect(await leadOf('broken@example.com')).toMatchObject({ utmSource: null })

    const long = cookieOf((await view({ utm_campaign: ` ${'x'.repeat(500)} `, utm_source: '  ' })).headers['set-cookie'])
    await optIn('long@example.com', long)
    expect(await leadOf('long@example.com')).toMatchObject({ utmCampaign: 'x'.repeat(utmValueMaxLength), utmSource: null })
  })

  test('a page view with unknown fields is refused', async ({ app }) => {
    const { view } = await setUp(app)
    const response = await view({ utm_id: '7' })
    expect(response.statusCode).toBe(400)
  })

  test('a repeat opt-in keeps the campaign that first brought the lead', async ({ app }) => {
    const { view, optIn, leadOf } = await setUp(app)
    await optIn('grace@example.com', cookieOf((await view(campaign)).headers['set-cookie']))
    await optIn('grace@example.com', cookieOf((await view({ utm_source: 'newsletter' })).headers['set-cookie']))
    expect(await leadOf('grace@example.com')).toMatchObject({ utmSource: 'facebook', utmCampaign: 'black-friday' })
  })
})

describe('the campaign in orders and CRM webhooks (decision D37)', () => {
  // The workers turn lead capture's deferred follow-ups into webhook deliveries.
  test.override('appOptions', () => ({ workers: true }))

  test('the order and both CRM webhooks carry the campaign', async ({ app }) => {
    const { sellerId, offerId, view, optIn } = await setUp(app)
    const cookie = cookieOf((await view(campaign)).headers['set-cookie'])
    await optIn('ada@example.com', cookie)
    // A free checkout (nothing to pay) completes at once and sends `order.paid`.
    const checkout = await app.inject({
      method: 'POST',
      url: '/api/v1/stripe/payment-intent/',
      payload: { product_id: offerId, full_name: 'Ada Lovelace', email: 'ada@example.com' },
      remoteAddress: client(),
      headers: { cookie },
    })
    expect(checkout.statusCode).toBe(200)
    const [order] = await app.db.select().from(orders).where(eq(orders.freeOfferId, offerId))
    expect(order).toMatchObject({ utmSource: 'facebook', utmCampaign: 'black-friday', fbclid: 'IwAR0abc' })

    const payloadOf = (event: string) =>
      eventually(async () => {
        const [delivery] = await app.db
          .select()
          .from(webhookDeliveries)
          .where(and(eq(webhookDeliveries.sellerId, sellerId), eq(webhookDeliveries.event, event)))
        return delivery?.payload
      })
    expect((await payloadOf('lead.created')).utm).toEqual(storedCampaign)
    expect((await payloadOf('order.paid')).utm).toEqual(storedCampaign)
  })
})
