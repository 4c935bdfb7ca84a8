import type { OrderList } from '@funnelry/shared'
import { directUtm } from '@funnelry/shared'
import type { TestApp } from '../../../test/build-test-app.js'
import { createSellerSession } from '../../../test/factories.js'
import { describe, expect, test } from '../../../test/fixtures.js'
import { insertBump, insertFreeOffer, insertUpsell } from '../../../test/funnel-factories.js'
import { insertOrder } from './report-test-kit.js'

type Headers = Record<string, string>

describe('GET /api/v1/orders/', () => {
  let ctx: TestApp
  let headers: Headers
  let otherHeaders: Headers
  let offerIds: { guide: string; course: string; other: string }
  let full: Awaited<ReturnType<typeof insertOrder>>
  let bumpId: string
  let upsellId: string

  test.beforeEach(async ({ app }) => {
    ctx = app
    const session = await createSellerSession(ctx)
    headers = session.headers
    const other = await createSellerSession(ctx)
    otherHeaders = other.headers
    const sellerId = session.seller.id
    const bump = await insertBump(ctx, sellerId, { headline: null, currency: 2 })
    const upsell = await insertUpsell(ctx, sellerId, { headline: 'The Course', currency: 2 })
    bumpId = bump.id
    upsellId = upsell.id
    const guide = await insertFreeOffer(ctx, sellerId, { headline: 'The Guide', bumpOfferId: bump.id, upsellOfferId: upsell.id })
    const course = await insertFreeOffer(ctx, sellerId, { headline: 'Mini Course' })
    offerIds = { guide: guide.id, course: course.id, other: (await insertFreeOffer(ctx, other.seller.id)).id }

    const at = (iso: string) => new Date(iso)
    await insertOrder(ctx, {
      sellerId,
      freeOfferId: course.id,
      fullName: 'Zero Free',
      email: 'zero@example.com',
      status: 'paid',
      createdAt: at('2025-04-01T09:00:00Z'),
    })
    await insertOrder(ctx, {
      sellerId,
      freeOfferId: guide.id,
      fullName: 'Pending Pat',
      status: 'pending',
      amountCents: 999,
      currency: 2,
      bumpOfferId: bump.id,
      createdAt: at('2025-04-02T09:00:00Z'),
    })
    await insertOrder(ctx, {
      sellerId,
      freeOfferId: guide.id,
      fullName: 'Failed Fay',
      email: 'fay@example.org',
      status: 'failed',
      amountCents: 4900,
      currency: 2,
      createdAt: at('2025-04-03T09:00:00Z'),
    })
    full = await insertOrder(ctx, {
      sellerId,
      freeOfferId: guide.id,
      fullName: 'Buyer Bea',
      email: 'Bea@Example.com',
      bumpOfferId: bump.id,
      upsellOfferId: upsell.id,
      upsellShown: true,
      amountCents: 5250,
      currency: 2,
      status: 'paid',
      createdAt: at('2025-04-04T23:59:59.999Z'),
    })
    await insertOrder(ctx, {
      sellerId: other.seller.id,
      freeOfferId: offerIds.other,
      fullName: 'Bea Elsewhere',
      status: 'paid',
      createdAt: at('2025-04-04T10:00:00Z'),
    })
  })

  const list = async (query = '', as: Headers = headers) => {
    const response = await ctx.app.inject({ url: `/api/v1/orders/${query}`, headers: as })
    expect(response.statusCode).toBe(200)
    return response.json() as OrderList
  }
  const names = (body: OrderList) => body.results.map((order) => order.full_name)

  test('lists orders newest first with what each bought, amount as two decimals', async () => {
    const body = await list()
    expect(body.count).toBe(4)
    expect(names(body)).toEqual(['Buyer Bea', 'Failed Fay', 'Pending Pat', 'Zero Free'])
    expect(body.results[0]).toEqual({
      id: full.id,
      intent_id: full.intentId,
      full_name: 'Buyer Bea',
      email: 'Bea@Example.com',
      free_offer: { id: offerIds.guide, headline: 'The Guide' },
      bump_offer: { id: bumpId, headline: null },
      upsell_offer: { id: upsellId, headline: 'The Course' },
      amount: '52.50',
      refunded: '0.00',
      currency: 2,
      status: 'paid',
      // Decision D35: rows from before the order kept its prices split the total (the bump first).
      lines: [
        {
          id: expect.any(String),
          kind: 'free',
          offer_id: offerIds.guide,
          headline: 'The Guide',
          amount: '0.00',
          currency: 2,
          status: 'paid',
        },
        { id: expect.any(String), kind: 'bump', offer_id: bumpId, headline: 'BUMP offer', amount: '52.50', currency: 2, status: 'paid' },
        { id: expect.any(String), kind: 'upsell', offer_id: upsellId, headline: 'The Course', amount: '0.00', currency: 2, status: 'paid' },
      ],
      utm: directUtm,
      variant: null,
      created_at: '2025-04-04T23:59:59.999Z',
    })
    expect(body.results[3]).toMatchObject({ bump_offer: null, upsell_offer: null, amount: '0.00', currency: 1 })
  })

  test('filters by status, free offer, search and inclusive UTC days', async () => {
    expect(names(await list('?status=paid'))).toEqual(['Buyer Bea', 'Zero Free'])
    expect(names(await list('?status=failed'))).toEqual(['Failed Fay'])
    expect(names(await list(`?free_offer=${offerIds.course}`))).toEqual(['Zero Free'])
    expect(names(await list('?search=BEA'))).toEqual(['Buyer Bea'])
    expect(names(await list('?search=example.org'))).toEqual(['Failed Fay'])
    expect(names(await list('?date_from=2025-04-02&date_to=2025-04-03'))).toEqual(['Failed Fay', 'Pending Pat'])
    expect(names(await list('?date_from=2025-04-04&date_to=2025-04-04'))).toEqual(['Buyer Bea'])
    expect(names(await list(`?status=paid&free_offer=${offerIds.guide}&date_to=2025-04-04`))).toEqual(['Buyer Bea'])
  })

  test('pages with the filters kept in the links', async () => {
    const first = await list('?page_size=1&status=paid')
    expect(first.count).toBe(2)
    expect(first.next).toBe('http://funnelry.test/api/v1/orders/?page=2&page_size=1&status=paid')
    const second = await list(new URL(first.next ?? '').search)
    expect(names(second)).toEqual(['Zero Free'])
    expect(second.previous).toBe('http://funnelry.test/api/v1/orders/?page=1&page_size=1&status=paid')
    expect(second.next).toBeNull()
  })

  test('refuses an unknown status', async () => {
    const response = await ctx.app.inject({ url: '/api/v1/orders/?status=returned', headers })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({ status: ['Choose pending, paid, failed, abandoned, partially refunded or refunded.'] })
  })

  test('needs a signed-in seller and shows each seller only their own orders', async () => {
    expect((await ctx.app.inject({ url: '/api/v1/orders/' })).statusCode).toBe(401)
    expect(names(await list('', otherHeaders))).toEqual(['Bea Elsewhere'])
    expect((await list(`?free_offer=${offerIds.guide}`, otherHeaders)).count).toBe(0)
    expect((await list(`?free_offer=${offerIds.other}`)).count).toBe(0)
  })
})
