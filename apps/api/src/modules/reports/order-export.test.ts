import { orderExportColumns } from '@funnelry/shared'
import type { TestApp } from '../../../test/build-test-app.js'
import { createSellerSession } from '../../../test/factories.js'
import { describe, expect, test } from '../../../test/fixtures.js'
import { insertBump, insertFreeOffer, insertUpsell } from '../../../test/funnel-factories.js'
import { byteOrderMark, insertOrder, parseCsv, withDirectCampaign } from './report-test-kit.js'

type Headers = Record<string, string>
const header = [...orderExportColumns]

/** Issue 9, item 8: the orders export, streamed and quoted like the leads one; drafts never appear (D20). */
describe('GET /api/v1/orders/export/', () => {
  let ctx: TestApp
  let headers: Headers
  let otherHeaders: Headers
  let guideId: string

  test.override('appOptions', () => ({ deps: { exportBatchSize: 2 } }))
  test.beforeEach(async ({ app }) => {
    // Batches of 2, so five listed orders cross two batch edges.
    ctx = app
    const session = await createSellerSession(ctx)
    headers = session.headers
    otherHeaders = (await createSellerSession(ctx)).headers
    const sellerId = session.seller.id
    const bump = await insertBump(ctx, sellerId, { headline: null, currency: 2 })
    const upsell = await insertUpsell(ctx, sellerId, { headline: '=cmd|"/c calc"!A1', currency: 2 })
    const guide = await insertFreeOffer(ctx, sellerId, { headline: 'Guide, "Deluxe"', bumpOfferId: bump.id, upsellOfferId: upsell.id })
    guideId = guide.id
    const plain = await insertFreeOffer(ctx, sellerId, { headline: 'Plain' })
    const at = (day: number) => new Date(`2025-06-0${day}T10:00:00.000Z`)

    await insertOrder(ctx, {
      sellerId,
      freeOfferId: plain.id,
      fullName: 'Free Fred',
      email: 'fred@example.com',
      status: 'paid',
      createdAt: at(1),
    })
    await insertOrder(ctx, {
      sellerId,
      freeOfferId: guide.id,
      fullName: 'Lovelace, Ada',
      email: 'ada@example.com',
      bumpOfferId: bump.id,
      upsellOfferId: upsell.id,
      upsellShown: true,
      amountCents: 5250,
      currency: 2,
      status: 'paid',
      createdAt: at(2),
    })
    await insertOrder(ctx, {
      sellerId,
      freeOfferId: guide.id,
      fullName: '+Plus',
      email: 'plus@example.com',
      amountCents: 999,
      currency: 2,
      bumpOfferId: bump.id,
      status: 'abandoned',
      createdAt: at(3),
    })
    await insertOrder(ctx, {
      sellerId,
      freeOfferId: guide.id,
      fullName: 'Two\nLines',
      email: 'lines@example.com',
      amountCents: 999,
      currency: 2,
      status: 'failed',
      createdAt: at(4),
    })
    await insertOrder(ctx, {
      sellerId,
      freeOfferId: guide.id,
      fullName: 'Pat',
      email: 'pat@example.com',
      status: 'pending',
      createdAt: at(5),
    })
    // A draft (no details yet) and one abandoned as a draft: never exported.
    await insertOrder(ctx, { sellerId, freeOfferId: guide.id, fullName: null, email: null, status: 'draft', createdAt: at(6) })
    await insertOrder(ctx, { sellerId, freeOfferId: guide.id, fullName: null, email: null, status: 'abandoned', createdAt: at(7) })
  })

  const exportCsv = (query = '', as: Headers = headers) => ctx.app.inject({ url: `/api/v1/orders/export/${query}`, headers: as })

  test('streams every listed order as a CSV download, newest first, quoted and defused like the leads', async () => {
    const response = await exportCsv()
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8')
    const today = ctx.clock.now().toISOString().slice(0, 10)
    expect(response.headers['content-disposition']).toBe(`attachment; filename="orders-${today}.csv"`)
    expect(response.body.startsWith(`${byteOrderMark}${orderExportColumns.join(',')}\r\n`)).toBe(true)
    const [first, ...records] = parseCsv(response.body)
    expect(first).toEqual(header)
    expect(records).toEqual(
      [
        ['Pat', 'pat@example.com', 'Guide, "Deluxe"', '', '', '', '0.00', 'USD', 'pending', '0.00', '2025-06-05T10:00:00.000Z'],
        ['Two\nLines', 'lines@example.com', 'Guide, "Deluxe"', '', '', '', '9.99', 'EUR', 'failed', '0.00', '2025-06-04T10:00:00.000Z'],
        [
          "'+Plus",
          'plus@example.com',
          'Guide, "Deluxe"',
          'BUMP offer',
          '',
          '',
          '9.99',
          'EUR',
          'abandoned',
          '0.00',
          '2025-06-03T10:00:00.000Z',
        ],
        [
          'Lovelace, Ada',
          'ada@example.com',
          'Guide, "Deluxe"',
          'BUMP offer',
          `'=cmd|"/c calc"!A1`,
          '',
          '52.50',
          'EUR',
          'paid',
          '0.00',
          '2025-06-02T10:00:00.000Z',
        ],
        ['Free Fred', 'fred@example.com', 'Plain', '', '', '', '0.00', 'USD', 'paid', '0.00', '2025-06-01T10:00:00.000Z'],
      ].map(withDirectCampaign),
    )
    expect(response.body).toContain(`"'=cmd|""/c calc""!A1"`)
  })

  test('applies the list filters, the status too', async () => {
    const abandoned = parseCsv((await exportCsv('?status=abandoned')).body)
    expect(abandoned.slice(1).map((record) => record[0])).toEqual(["'+Plus"])
    const byOffer = parseCsv((await exportCsv(`?free_offer=${guideId}&date_from=2025-06-02&date_to=2025-06-03`)).body)
    expect(byOffer.slice(1).map((record) => record[1])).toEqual(['plus@example.com', 'ada@example.com'])
    expect((await exportCsv('?status=draft')).statusCode).toBe(400)
  })

  test('exports only the caller’s orders, and only when signed in', async () => {
    expect((await exportCsv('', {})).statusCode).toBe(401)
    expect(parseCsv((await exportCsv('', otherHeaders)).body)).toEqual([header])
  })

  test('lists and counts the same orders: drafts are never listed, abandoned ones can be filtered', async () => {
    const list = await ctx.app.inject({ url: '/api/v1/orders/', headers })
    expect(list.json().count).toBe(5)
    expect(list.json().results.map((order: { email: string }) => order.email)).not.toContain('')
    const abandoned = await ctx.app.inject({ url: '/api/v1/orders/?status=abandoned', headers })
    expect(abandoned.json().results.map((order: { full_name: string; status: string }) => [order.full_name, order.status])).toEqual([
      ['+Plus', 'abandoned'],
    ])
  })
})
