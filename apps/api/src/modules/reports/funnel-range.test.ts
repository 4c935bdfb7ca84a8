import type { OfferSourceRow, OfferStats } from '@funnelry/shared'
import type { TestApp } from '../../../test/build-test-app.js'
import { createSellerSession } from '../../../test/factories.js'
import { describe, expect, test } from '../../../test/fixtures.js'
import { insertFreeOffer } from '../../../test/funnel-factories.js'
import { utmRowOf } from '../../lib/arrival.js'
import { insertLead, insertOrder } from './report-test-kit.js'

/*
 * Decision D37: funnel numbers over inclusive days of the seller's time zone, with a daily series
 * and a breakdown by source and campaign. Times below are UTC; New York is UTC-5 in March before
 * the 9th (EST), so 2025-03-02T03:00Z is still 1 March there.
 */

type Headers = Record<string, string>
const spring = { ...utmRowOf(null), utmSource: 'facebook', utmCampaign: 'spring', fbclid: 'IwAR1' }

describe('funnel numbers by day, time zone and campaign', () => {
  let ctx: TestApp
  let headers: Headers
  let otherHeaders: Headers
  let offerId: string

  test.beforeEach(async ({ app }) => {
    ctx = app
    const session = await createSellerSession(ctx)
    headers = session.headers
    otherHeaders = (await createSellerSession(ctx)).headers
    const sellerId = session.seller.id
    offerId = (await insertFreeOffer(ctx, sellerId)).id
    const at = (iso: string) => new Date(iso)
    await insertLead(ctx, { sellerId, freeOfferId: offerId, createdAt: at('2025-03-01T15:00:00Z') })
    await insertLead(ctx, { sellerId, freeOfferId: offerId, createdAt: at('2025-03-02T03:00:00Z'), ...spring })
    await insertLead(ctx, { sellerId, freeOfferId: offerId, createdAt: at('2025-03-02T18:00:00Z'), ...spring })
    const paid = { status: 'paid', amountCents: 4900, currency: 1 } as const
    await insertOrder(ctx, { sellerId, freeOfferId: offerId, createdAt: at('2025-03-02T03:30:00Z'), ...paid, ...spring })
    await insertOrder(ctx, { sellerId, freeOfferId: offerId, createdAt: at('2025-03-02T19:00:00Z'), ...paid })
    // Pending: an order, but no revenue.
    await insertOrder(ctx, { sellerId, freeOfferId: offerId, createdAt: at('2025-03-02T20:00:00Z'), status: 'pending', amountCents: 999 })
  })

  const get = (path: string, as: Headers = headers) => ctx.app.inject({ url: `/api/v1/free-product/${offerId}/${path}`, headers: as })
  const stats = async (query: string) => {
    const response = await get(`stats/${query}`)
    expect(response.statusCode).toBe(200)
    return response.json() as OfferStats
  }

  test('a daily series of every day of the range, in UTC by default', async () => {
    const body = await stats('?from=2025-03-01&to=2025-03-03')
    expect(body).toMatchObject({ from: '2025-03-01', to: '2025-03-03', time_zone: 'UTC', opt_ins: 3, orders: 3, paid_orders: 2 })
    expect(body.daily).toEqual([
      { day: '2025-03-01', views: 0, opt_ins: 1, orders: 0, revenue: '0.00' },
      { day: '2025-03-02', views: 0, opt_ins: 2, orders: 2, revenue: '98.00' },
      { day: '2025-03-03', views: 0, opt_ins: 0, orders: 0, revenue: '0.00' },
    ])
  })

  test('days are the seller’s time zone’s: the range and the series move with it', async () => {
    const body = await stats('?from=2025-03-01&to=2025-03-01&tz=America/New_York')
    // New York's 1 March runs 05:00Z on the 1st to 05:00Z on the 2nd.
    expect(body).toMatchObject({ time_zone: 'America/New_York', opt_ins: 2, paid_orders: 1, revenue: '49.00' })
    expect(body.daily).toEqual([{ day: '2025-03-01', views: 0, opt_ins: 2, orders: 1, revenue: '49.00' }])
    const tokyo = await stats('?from=2025-03-02&to=2025-03-03&tz=Asia/Tokyo')
    expect(tokyo.daily.map((day) => [day.day, day.opt_ins])).toEqual([
      ['2025-03-02', 2],
      ['2025-03-03', 1],
    ])
  })

  test('without a range: the last 30 days to today in the time zone', async ({ clock }) => {
    const body = await stats('?tz=Pacific/Kiritimati')
    expect(body.daily).toHaveLength(30)
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Pacific/Kiritimati' }).format(clock.now())
    expect(body.to).toBe(today)
    expect(body.daily.at(-1)?.day).toBe(today)
  })

  test('views carry the campaign of the visitor, and the sources table adds up', async () => {
    const view = (payload: Record<string, string>) =>
      ctx.app.inject({ method: 'POST', url: `/api/v1/free-product/${offerId}/view/`, payload, remoteAddress: '203.0.113.9' })
    const cookie = String((await view({ utm_source: 'facebook', utm_campaign: 'spring' })).headers['set-cookie']).split(';')[0] ?? ''
    await ctx.app.inject({ method: 'POST', url: `/api/v1/free-product/${offerId}/view/`, payload: {}, headers: { cookie } })
    await view({})
    const today = await stats('')
    expect(today.views).toBe(3)

    const sources = await get('stats/sources/?from=2025-03-01&to=2025-03-03')
    expect(sources.statusCode).toBe(200)
    expect(sources.json() as OfferSourceRow[]).toEqual([
      { utm_source: 'facebook', utm_campaign: 'spring', views: 0, opt_ins: 2, orders: 1, revenue: '49.00', revenue_per_visitor: '0.00' },
      { utm_source: null, utm_campaign: null, views: 0, opt_ins: 1, orders: 1, revenue: '49.00', revenue_per_visitor: '0.00' },
    ])
    const todays = (await get('stats/sources/')).json() as OfferSourceRow[]
    expect(todays).toEqual([
      { utm_source: 'facebook', utm_campaign: 'spring', views: 2, opt_ins: 0, orders: 0, revenue: '0.00', revenue_per_visitor: '0.00' },
      { utm_source: null, utm_campaign: null, views: 1, opt_ins: 0, orders: 0, revenue: '0.00', revenue_per_visitor: '0.00' },
    ])
  })

  test('revenue per visitor is revenue over views, to the cent', async () => {
    await ctx.db.execute(
      `select funnel_hourly_add('${offerId}', '2025-03-02T00:00:00Z', 'facebook', 'spring', 0::smallint, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0)`,
    )
    const [row] = (await get('stats/sources/?from=2025-03-02&to=2025-03-02')).json() as OfferSourceRow[]
    expect(row).toMatchObject({ utm_campaign: 'spring', views: 3, revenue: '49.00', revenue_per_visitor: '16.33' })
  })

  test('bad ranges and time zones are field errors; another seller’s offer is a 404', async () => {
    expect((await get('stats/?tz=Mars/Olympus')).json()).toMatchObject({ tz: ['Choose a time zone such as Europe/Paris.'] })
    expect((await get('stats/?from=2025-03-05&to=2025-03-01')).json()).toMatchObject({
      to: ['The end date must not be before the start date.'],
    })
    expect((await get('stats/sources/?from=2024-01-01&to=2025-03-01')).json()).toMatchObject({ to: ['Choose at most 366 days.'] })
    expect((await get('stats/?from=2025-02-30')).statusCode).toBe(400)
    expect((await get('stats/?since=2025-01-01')).statusCode).toBe(400)
    expect((await get('stats/sources/', otherHeaders)).statusCode).toBe(404)
  })
})
