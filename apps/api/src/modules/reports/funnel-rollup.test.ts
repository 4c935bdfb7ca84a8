import type { OfferSourceRow, OfferStats } from '@funnelry/shared'
import { eq } from 'drizzle-orm'
import type { TestApp } from '../../../test/build-test-app.js'
import { createSellerSession } from '../../../test/factories.js'
import { describe, expect, test } from '../../../test/fixtures.js'
import { insertFreeOffer } from '../../../test/funnel-factories.js'
import { utmRowOf } from '../../lib/arrival.js'
import { leads } from '../leads/leads-tables.js'
import { orders } from '../orders/orders-tables.js'
import { insertLead, insertOrder } from './report-test-kit.js'

/*
 * Migration 0026: a range's whole UTC days are read from the daily counters, the hours a time
 * zone's midnight cuts from the hourly ones, and a non-UTC daily series from the hourly totals.
 * Whatever the range and the zone, the numbers must be those of the rows themselves: each lead and
 * paid order counted on the day of its hour's start in the zone (hours, not minutes, are what the
 * counters keep: docs/decisions/campaign-attribution.md).
 */

const spring = { ...utmRowOf(null), utmSource: 'facebook', utmCampaign: 'spring' }
const hourOf = (at: Date) => new Date(Math.floor(at.getTime() / 3_600_000) * 3_600_000)
const dayIn = (at: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(hourOf(at))

type Row = { at: Date; campaign: string | null; cents: number }

describe('funnel numbers from daily and hourly counters', () => {
  let ctx: TestApp
  let headers: Record<string, string>
  let offerId: string
  const leadRows: Row[] = []
  const paidRows: Row[] = []

  test.beforeEach(async ({ app }) => {
    ctx = app
    leadRows.length = 0
    paidRows.length = 0
    const session = await createSellerSession(ctx)
    headers = session.headers
    const sellerId = session.seller.id
    offerId = (await insertFreeOffer(ctx, sellerId)).id
    // Every 5 hours and 13 minutes from 7 to 13 March 2025 (New York moves to summer time on the
    // 9th): every hour of the day is hit somewhere, at UTC midnights and beside them.
    for (let n = 0; n < 30; n += 1) {
      const at = new Date(Date.parse('2025-03-07T00:40:00Z') + n * (5 * 60 + 13) * 60_000)
      const campaign = n % 3 === 0 ? spring : {}
      await insertLead(ctx, { sellerId, freeOfferId: offerId, createdAt: at, ...campaign })
      leadRows.push({ at, campaign: n % 3 === 0 ? 'spring' : null, cents: 0 })
      if (n % 2 === 0) {
        const cents = 1000 + n
        await insertOrder(ctx, {
          sellerId,
          freeOfferId: offerId,
          createdAt: at,
          status: 'paid',
          amountCents: cents,
          currency: 1,
          ...campaign,
        })
        paidRows.push({ at, campaign: n % 3 === 0 ? 'spring' : null, cents })
      }
    }
  })

  const stats = async (query: string) => {
    const response = await ctx.app.inject({ url: `/api/v1/free-product/${offerId}/stats/${query}`, headers })
    expect(response.statusCode).toBe(200)
    return response.json() as OfferStats
  }
  const sources = async (query: string) => {
    const response = await ctx.app.inject({ url: `/api/v1/free-product/${offerId}/stats/sources/${query}`, headers })
    expect(response.statusCode).toBe(200)
    return response.json() as OfferSourceRow[]
  }

  /** What the rows say for inclusive days `from`..`to` of `timeZone`. */
  function expected(from: string, to: string, timeZone: string) {
    const inRange = (row: Row) => dayIn(row.at, timeZone) >= from && dayIn(row.at, timeZone) <= to
    const cents = (rows: Row[]) => rows.reduce((sum, row) => sum + row.cents, 0)
    const perDay = new Map<string, { opt_ins: number; orders: number; cents: number }>()
    for (const row of leadRows.filter(inRange)) {
      const day = perDay.get(dayIn(row.at, timeZone)) ?? { opt_ins: 0, orders: 0, cents: 0 }
      perDay.set(dayIn(row.at, timeZone), { ...day, opt_ins: day.opt_ins + 1 })
    }
    for (const row of paidRows.filter(inRange)) {
      const day = perDay.get(dayIn(row.at, timeZone)) ?? { opt_ins: 0, orders: 0, cents: 0 }
      perDay.set(dayIn(row.at, timeZone), { ...day, orders: day.orders + 1, cents: day.cents + row.cents })
    }
    const spring = (row: Row) => row.campaign === 'spring'
    return {
      optIns: leadRows.filter(inRange).length,
      paid: paidRows.filter(inRange).length,
      cents: cents(paidRows.filter(inRange)),
      perDay,
      springOptIns: leadRows.filter(inRange).filter(spring).length,
      springCents: cents(paidRows.filter(inRange).filter(spring)),
    }
  }

  const amount = (cents: number) => (cents / 100).toFixed(2)

  async function expectRangeMatchesRows(from: string, to: string, timeZone: string) {
    const want = expected(from, to, timeZone)
    const body = await stats(`?from=${from}&to=${to}&tz=${timeZone}`)
    expect(body, `${from}..${to} in ${timeZone}`).toMatchObject({
      opt_ins: want.optIns,
      paid_orders: want.paid,
      revenue: amount(want.cents),
    })
    for (const day of body.daily) {
      const { opt_ins, orders, cents } = want.perDay.get(day.day) ?? { opt_ins: 0, orders: 0, cents: 0 }
      expect(day, `${day.day} in ${timeZone}`).toEqual({ day: day.day, views: 0, opt_ins, orders, revenue: amount(cents) })
    }
    const rows = await sources(`?from=${from}&to=${to}&tz=${timeZone}`)
    const springRow = rows.find((row) => row.utm_campaign === 'spring')
    expect(springRow?.opt_ins ?? 0).toBe(want.springOptIns)
    expect(springRow?.revenue ?? '0.00').toBe(amount(want.springCents))
  }

  test('any range in any time zone adds up to what its rows hold', async () => {
    const zones = ['UTC', 'America/New_York', 'Asia/Tokyo', 'Asia/Kolkata', 'Pacific/Kiritimati']
    const ranges = [
      ['2025-03-07', '2025-03-13'],
      ['2025-03-08', '2025-03-10'],
      ['2025-03-09', '2025-03-09'],
      ['2025-03-10', '2025-03-12'],
    ] as const
    for (const timeZone of zones) for (const [from, to] of ranges) await expectRangeMatchesRows(from, to, timeZone)
  })

  test('the daily counters follow a lead deleted and a paid order that failed after all', async () => {
    const [lead] = await ctx.db.select().from(leads).where(eq(leads.freeOfferId, offerId)).limit(1)
    const [order] = await ctx.db.select().from(orders).where(eq(orders.freeOfferId, offerId)).limit(1)
    if (!lead || !order) throw new Error('no rows')
    await ctx.db.delete(leads).where(eq(leads.id, lead.id))
    await ctx.db.update(orders).set({ status: 'failed' }).where(eq(orders.id, order.id))
    leadRows.splice(
      leadRows.findIndex((row) => row.at.getTime() === lead.createdAt.getTime()),
      1,
    )
    paidRows.splice(
      paidRows.findIndex((row) => row.at.getTime() === order.createdAt.getTime()),
      1,
    )
    await expectRangeMatchesRows('2025-03-07', '2025-03-13', 'UTC')
    await expectRangeMatchesRows('2025-03-07', '2025-03-13', 'America/New_York')
  })
})
