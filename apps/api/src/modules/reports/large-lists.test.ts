import { exactSearchCountLimit, type LeadList, type OfferStats } from '@funnelry/shared'
import type { TestApp } from '../../../test/build-test-app.js'
import { createSellerSession } from '../../../test/factories.js'
import { describe, expect, test } from '../../../test/fixtures.js'
import { insertFreeOffer } from '../../../test/funnel-factories.js'
import { insertLead, insertOrder } from './report-test-kit.js'

type Headers = Record<string, string>

/*
 * A seller with 3,000 leads (one a minute from 1 March 2025, the newest last), 1 in 25 of them a
 * "Smith": enough rows for deep pages (cursor links start past the first 1,000 rows) and for a
 * search whose count is an estimate (more than 1,000 matches).
 */
const total = 3000
const smithEvery = 25

describe('lists past a thousand rows (issue 12)', () => {
  let ctx: TestApp
  let headers: Headers
  let sellerId: string
  let offerId: string

  test.beforeEach(async ({ app }) => {
    ctx = app
    const session = await createSellerSession(ctx)
    headers = session.headers
    sellerId = session.seller.id
    offerId = (await insertFreeOffer(ctx, sellerId)).id
    // One statement through the triggers, as a burst of opt-ins would be.
    await ctx.pool.query(
      `insert into leads (seller_id, free_offer_id, full_name, email, created_at, updated_at)
       select $1, $2, case when g % ${smithEvery} = 0 then 'Jo Smith ' || g else 'Lead ' || g end, 'lead' || g || '@example.com',
              timestamptz '2025-03-01T00:00:00Z' + g * interval '1 minute', now()
         from generate_series(1, ${total}) g`,
      [sellerId, offerId],
    )
  })

  const list = async (query: string) => {
    const response = await ctx.app.inject({ url: `/api/v1/leads/${query}`, headers })
    expect(response.statusCode).toBe(200)
    return response.json() as LeadList
  }
  const pathOf = (link: string | null) => (link ? `${new URL(link).search}` : '')
  const names = (body: LeadList) => body.results.map((lead) => lead.full_name)

  test('walks deep pages through cursor links and back, the same rows as their page numbers', async () => {
    // Page 84 of 12 starts past the first 1,000 rows: its links carry a cursor, its page number too.
    const byNumber = await list('?page=85')
    expect(names(byNumber)).toEqual(Array.from({ length: 12 }, (_, i) => nameOf(total - 84 * 12 - i)))
    const next = new URL(byNumber.next ?? '')
    expect(next.searchParams.get('page')).toBe('86')
    expect(next.searchParams.get('cursor')).toBeTruthy()
    const followed = await list(pathOf(byNumber.next))
    expect(names(followed)).toEqual(names(await list('?page=86')))
    const back = await list(pathOf(followed.previous))
    expect(names(back)).toEqual(names(byNumber))
    expect(new URL(back.previous ?? '').searchParams.get('page')).toBe('84')
    // Near the top the links are plain page numbers, as before.
    expect(Object.fromEntries(new URL((await list('?page=3')).next ?? '').searchParams)).toEqual({ page: '4', page_size: '12' })
  })

  test('ends at the last page whether reached by cursor or number, and ignores a cursor that is not ours', async () => {
    const last = await list('?page=250')
    expect(last.next).toBeNull()
    expect(names(last).at(-1)).toBe(nameOf(1))
    expect(names(await list('?page=250&cursor=not-a-cursor'))).toEqual(names(last))
    // Pages in the older half asked for by number are read from the oldest end: the same rows.
    expect(names(await list('?page=200'))).toEqual(Array.from({ length: 12 }, (_, i) => nameOf(total - 199 * 12 - i)))
    const viaCursor = await list(pathOf((await list('?page=249')).next))
    expect(names(viaCursor)).toEqual(names(last))
    expect(viaCursor.next).toBeNull()
  })

  test('counts exactly without a search, and marks a big search count as an estimate', async () => {
    const all = await list('')
    expect(all.count).toBe(total)
    expect(all).not.toHaveProperty('count_is_estimate')
    // 3,000 / 25 = 120 Smiths: exact. "lead" matches every email: more than the exact limit.
    const smiths = await list('?search=smith')
    expect(smiths.count).toBe(total / smithEvery)
    expect(smiths).not.toHaveProperty('count_is_estimate')
    const everyone = await list('?search=lead')
    expect(everyone.count).toBeGreaterThan(exactSearchCountLimit)
    expect(everyone.count_is_estimate).toBe(true)
    expect(everyone.results).toHaveLength(12)
    expect((await list('?search=zqxj')).count).toBe(0)
  })

  test('keeps the counts right as leads and orders are written, moved and deleted', async () => {
    const lead = await insertLead(ctx, {
      sellerId,
      freeOfferId: offerId,
      email: 'moved@example.com',
      createdAt: new Date('2025-06-01T12:00:00Z'),
    })
    expect((await list('?date_from=2025-06-01')).count).toBe(1)
    await ctx.pool.query(`update leads set created_at = '2025-07-01T00:00:00Z' where id = $1`, [lead.id])
    expect((await list('?date_from=2025-06-01&date_to=2025-06-30')).count).toBe(0)
    expect((await list('?date_from=2025-07-01')).count).toBe(1)
    await ctx.pool.query('delete from leads where id = $1', [lead.id])
    expect((await list('')).count).toBe(total)

    // The funnel numbers cover a date range (D37, default the last 30 days): this one holds every row here.
    const range = '?from=2025-03-01&to=2025-06-30'
    const stats = async () =>
      (await ctx.app.inject({ url: `/api/v1/free-product/${offerId}/stats/${range}`, headers })).json() as OfferStats
    const draft = await insertOrder(ctx, {
      sellerId,
      freeOfferId: offerId,
      createdAt: new Date('2025-06-01T12:00:00Z'),
      fullName: null,
      email: null,
      status: 'draft',
      amountCents: 999,
    })
    expect((await stats()).orders).toBe(0)
    // The visitor's details arrive (D20), then the payment: counted once, paid, with its revenue.
    await ctx.pool.query(`update orders set full_name = 'Jo', email = 'jo@example.com', status = 'pending' where id = $1`, [draft.id])
    expect(await stats()).toMatchObject({ orders: 1, paid_orders: 0, revenue: '0.00' })
    await ctx.pool.query(`update orders set status = 'paid' where id = $1`, [draft.id])
    expect(await stats()).toMatchObject({ orders: 1, paid_orders: 1, revenue: '9.99', opt_ins: total })
    const orders = (await ctx.app.inject({ url: '/api/v1/orders/?status=paid', headers })).json() as LeadList
    expect(orders.count).toBe(1)
    await ctx.pool.query('delete from orders where id = $1', [draft.id])
    expect(await stats()).toMatchObject({ orders: 0, paid_orders: 0, revenue: '0.00' })
  })
})

/** The name seeded for lead number n. */
function nameOf(n: number) {
  return n % smithEvery === 0 ? `Jo Smith ${n}` : `Lead ${n}`
}
