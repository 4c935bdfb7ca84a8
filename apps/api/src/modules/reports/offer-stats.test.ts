import type { OfferStats } from '@funnelry/shared'
import type { TestApp } from '../../../test/build-test-app.js'
import { createSellerSession } from '../../../test/factories.js'
import { describe, expect, test } from '../../../test/fixtures.js'
import { insertBump, insertFreeOffer, insertUpsell } from '../../../test/funnel-factories.js'
import { createIntent, insertFunnel, visitor } from '../orders/checkout-test-kit.js'
import { insertDailyViews, insertLead, insertOrder } from './report-test-kit.js'

type Headers = Record<string, string>

/** The funnel's figures without the range and the daily series (funnel-range.test.ts tests those). */
const totalsOf = ({ from: _from, to: _to, time_zone: _zone, daily: _daily, ...totals }: OfferStats) => totals

/*
 * The known funnel (all EUR), by hand:
 * views: 40 on 1 March, 60 on 2 March, 100 on 5 March = 200
 * leads: 20 on 1 March, 30 at the last millisecond of 5 March = 50 -> opt-in rate 50/200 = 0.25
 * orders on 1 March: #1 bump + upsell shown and taken 58.99, #2 bump + upsell shown 9.99,
 *                    #3 upsell shown and taken 49.00, #4 upsell shown 0.00
 * orders on 5 March: #5 bump 9.99, #6 nothing 0.00, #7 bump + upsell shown 9.99, #8 upsell shown 0.00,
 *                    #9 upsell taken 49.00 without the page saying it was shown,
 *                    a pending one (bump + upsell, 58.99), a failed one (49.00), and a draft (no details: not an order)
 * Decision D21: paid orders are the paid ones above zero (#1 #2 #3 #5 #7 #9 = 6); free completions
 * #4 #6 #8 = 3; orders 11; completed 9; bump take 4/9 = 0.4444; upsell shown on #1 #2 #3 #4 #7 #8
 * and #9 (it holds the upsell) = 7, taken on #1 #3 #9 -> 3/7 = 0.4286
 * revenue 58.99 + 9.99 + 49.00 + 9.99 + 9.99 + 49.00 = 186.96; per view 186.96 / 200 = 0.9348 -> 0.93
 */
describe('GET /api/v1/free-product/{id}/stats/', () => {
  let ctx: TestApp
  let headers: Headers
  let otherHeaders: Headers
  let offerId: string
  let emptyOfferId: string
  let otherOfferId: string
  let sellerId: string

  test.beforeEach(async ({ app }) => {
    ctx = app
    const session = await createSellerSession(ctx)
    headers = session.headers
    const other = await createSellerSession(ctx)
    otherHeaders = other.headers
    sellerId = session.seller.id
    const bump = await insertBump(ctx, sellerId, { currency: 2, priceCents: 999 })
    const upsell = await insertUpsell(ctx, sellerId, { currency: 2, priceCents: 4900 })
    offerId = (await insertFreeOffer(ctx, sellerId, { bumpOfferId: bump.id, upsellOfferId: upsell.id })).id
    emptyOfferId = (await insertFreeOffer(ctx, sellerId)).id
    otherOfferId = (await insertFreeOffer(ctx, other.seller.id)).id

    await insertDailyViews(ctx, offerId, { '2025-03-01': 40, '2025-03-02': 60, '2025-03-05': 100 })
    const march1 = new Date('2025-03-01T12:00:00Z')
    const march5 = new Date('2025-03-05T08:00:00Z')
    // The people behind the free orders below (#4 on the 1st, #6 and #8 on the 5th) completed then.
    for (let n = 0; n < 20; n += 1)
      await insertLead(ctx, {
        sellerId,
        freeOfferId: offerId,
        createdAt: new Date('2025-03-01T10:00:00Z'),
        ...(n < 1 ? { freeCompletedAt: march1 } : {}),
      })
    for (let n = 0; n < 30; n += 1)
      await insertLead(ctx, {
        sellerId,
        freeOfferId: offerId,
        createdAt: new Date('2025-03-05T23:59:59.999Z'),
        ...(n < 2 ? { freeCompletedAt: march5 } : {}),
      })

    const order = (
      createdAt: Date,
      amountCents: number,
      choice: { bump?: boolean; shown?: boolean; taken?: boolean },
      status: 'paid' | 'pending' | 'failed' | 'draft' = 'paid',
    ) =>
      insertOrder(ctx, {
        ...(status === 'draft' ? { fullName: null, email: null } : {}),
        sellerId,
        freeOfferId: offerId,
        createdAt,
        amountCents,
        currency: 2,
        status,
        bumpOfferId: choice.bump ? bump.id : null,
        upsellShown: choice.shown ?? false,
        upsellOfferId: choice.taken ? upsell.id : null,
      })
    await order(march1, 5899, { bump: true, shown: true, taken: true })
    await order(march1, 999, { bump: true, shown: true })
    await order(march1, 4900, { shown: true, taken: true })
    await order(march1, 0, { shown: true })
    await order(march5, 999, { bump: true })
    await order(march5, 0, {})
    await order(march5, 999, { bump: true, shown: true })
    await order(march5, 0, { shown: true })
    await order(march5, 5899, { bump: true, shown: true, taken: true }, 'pending')
    await order(march5, 4900, { shown: true, taken: true }, 'failed')
    await order(march5, 4900, { taken: true })
    await order(march5, 999, { bump: true }, 'draft')

    // The same seller's other offer and another seller's offer: never counted here.
    await insertDailyViews(ctx, otherOfferId, { '2025-03-01': 1000 })
    await insertLead(ctx, { sellerId: other.seller.id, freeOfferId: otherOfferId, createdAt: new Date('2025-03-01T10:00:00Z') })
    await insertOrder(ctx, {
      sellerId: other.seller.id,
      freeOfferId: otherOfferId,
      createdAt: march1,
      amountCents: 100_000,
      status: 'paid',
    })
  })

  /** Every day of the known funnel, in UTC (decision D37: without a range, the last 30 days to today). */
  const stats = async (id: string, query = '?from=2025-03-01&to=2025-03-31', as: Headers = headers) => {
    const response = await ctx.app.inject({ url: `/api/v1/free-product/${id}/stats/${query}`, headers: as })
    return { status: response.statusCode, body: response.json() as OfferStats }
  }

  test('computes every figure of the funnel', async () => {
    const { status, body } = await stats(offerId)
    expect(status).toBe(200)
    expect(totalsOf(body)).toEqual({
      views: 200,
      opt_ins: 50,
      opt_in_rate: 0.25,
      orders: 11,
      paid_orders: 6,
      free_completions: 3,
      bump_take_rate: 0.4444,
      upsell_take_rate: 0.4286,
      revenue: '186.96',
      revenue_per_view: '0.93',
      revenue_per_visitor: '0.93',
      after_purchase_steps: [],
      currency: 2,
    })
  })

  test('counts only the inclusive UTC days asked for', async () => {
    // 2-5 March: views 60 + 100; leads 30 (the last millisecond of the 5th counts); orders #5-#9,
    // pending, failed; paid #5 #7 #9, free #6 #8; bump 2/5; upsell shown on #7 #8 #9, taken on #9;
    // revenue 68.98; 68.98/160 = 0.4311.
    const { body } = await stats(offerId, '?date_from=2025-03-02&date_to=2025-03-05')
    expect(totalsOf(body)).toEqual({
      views: 160,
      opt_ins: 30,
      opt_in_rate: 0.1875,
      orders: 7,
      paid_orders: 3,
      free_completions: 2,
      bump_take_rate: 0.4,
      upsell_take_rate: 0.3333,
      revenue: '68.98',
      revenue_per_view: '0.43',
      revenue_per_visitor: '0.43',
      after_purchase_steps: [],
      currency: 2,
    })
    const firstDay = await stats(offerId, '?date_to=2025-03-01')
    expect(firstDay.body).toMatchObject({
      views: 40,
      opt_ins: 20,
      opt_in_rate: 0.5,
      orders: 4,
      paid_orders: 3,
      free_completions: 1,
      bump_take_rate: 0.5,
      upsell_take_rate: 0.5,
      revenue: '117.98',
    })
    expect(firstDay.body.revenue_per_view).toBe('2.95')
  })

  test('answers zeros, never a division by zero, when nothing happened', async () => {
    const nothing = {
      views: 0,
      opt_ins: 0,
      opt_in_rate: 0,
      orders: 0,
      paid_orders: 0,
      free_completions: 0,
      bump_take_rate: 0,
      upsell_take_rate: 0,
      revenue: '0.00',
      revenue_per_view: '0.00',
      revenue_per_visitor: '0.00',
      after_purchase_steps: [],
    }
    // Before any sale the currency is the one the offer's bump and upsell charge in; else USD.
    expect(totalsOf((await stats(offerId, '?from=2025-03-06&to=2025-03-31')).body)).toEqual({ ...nothing, currency: 2 })
    expect(totalsOf((await stats(emptyOfferId)).body)).toEqual({ ...nothing, currency: 1 })
  })

  test('is the owner’s only: another seller’s, an unknown or a malformed id is a 404', async () => {
    expect((await stats(offerId, '', otherHeaders)).status).toBe(404)
    expect((await stats(otherOfferId)).status).toBe(404)
    expect((await stats(crypto.randomUUID())).status).toBe(404)
    expect((await stats('not-an-id')).status).toBe(404)
    expect((await ctx.app.inject({ url: `/api/v1/free-product/${offerId}/stats/` })).statusCode).toBe(401)
    const other = await stats(otherOfferId, undefined, otherHeaders)
    expect(other.body).toMatchObject({ views: 1000, opt_ins: 1, paid_orders: 1, revenue: '1000.00', currency: 1 })
  })

  test('counts a visitor who completes the free checkout again once: free completions never exceed opt-ins', async () => {
    const { offer } = await insertFunnel(ctx, sellerId, { bump: false, upsell: false })
    for (const email of [visitor.email, visitor.email.toUpperCase()]) {
      const response = await createIntent(ctx, { ...visitor, email, product_id: offer.id })
      expect(response.json()).toMatchObject({ provider: 'none', client_secret: null })
    }
    const { body } = await stats(offer.id, '')
    // Two orders, one lead (one per offer and email), one person who completed.
    expect(body).toMatchObject({ opt_ins: 1, orders: 2, paid_orders: 0, free_completions: 1 })
    expect(body.free_completions).toBeLessThanOrEqual(body.opt_ins)
  })

  test('refuses a reversed date range', async () => {
    const response = await ctx.app.inject({
      url: `/api/v1/free-product/${offerId}/stats/?date_from=2025-03-05&date_to=2025-03-01`,
      headers,
    })
    expect(response.statusCode).toBe(400)
  })
})
