import type { Order } from '@funnelry/shared'
import type { TestApp } from '../../../test/build-test-app.js'
import { describe, expect, test } from '../../../test/fixtures.js'
import { localRefunds } from '../payments/payments-tables.js'
import { accept, insertStepsFunnel, payFirstOrder, providerChargesOf } from '../post-purchase/post-purchase-test-kit.js'
import { parseCsv } from '../reports/report-test-kit.js'
import { sellerWithFunnel } from './order-lines-test-kit.js'

/** Decisions D34 and D35 together: an accepted after-purchase offer is refunded against its own charge. */
describe('refunding an after-purchase offer', () => {
  let ctx: TestApp

  test.beforeEach(async ({ app }) => {
    ctx = app
  })

  test('the accepted offer is its own line, refunded alone against its own payment; the first order stands', async () => {
    const seller = await sellerWithFunnel(ctx)
    const funnel = await insertStepsFunnel(ctx, seller.sellerId)
    const { reference, orderId } = await payFirstOrder(ctx, funnel.offer.id, funnel.bump?.id)
    expect((await accept(ctx, reference, { step: 1, kind: 'upsell' })).json()).toEqual({ status: 'succeeded' })
    const [charge] = await providerChargesOf(ctx, orderId)

    const view: Order = (await ctx.app.inject({ url: `/api/v1/orders/${orderId}/`, headers: seller.headers })).json()
    const afterPurchase = view.lines.find((line) => line.kind === 'post_purchase')
    expect(afterPurchase).toMatchObject({ headline: 'The Course', amount: '49.00', status: 'paid' })
    // The Orders list's row carries it too: its Upsell column names the offers accepted after the payment.
    const list = (await ctx.app.inject({ url: '/api/v1/orders/', headers: seller.headers })).json()
    const row: Order | undefined = list.results.find((candidate: Order) => candidate.id === orderId)
    expect(row?.lines.filter((line) => line.kind === 'post_purchase').map((line) => line.headline)).toEqual(['The Course'])
    // And the CSV: the order's row names it and counts it in the amount.
    const csv = parseCsv((await ctx.app.inject({ url: '/api/v1/orders/export/', headers: seller.headers })).body)
    const [columns = [], ...records] = csv
    const exported = Object.fromEntries(columns.map((column, at) => [column, records[0]?.[at]]))
    expect(exported).toMatchObject({ after_purchase_offers: 'The Course', amount: view.amount })

    const response = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/orders/${orderId}/refund/`,
      headers: seller.headers,
      payload: { line_ids: [afterPurchase?.id] },
    })
    expect(response.statusCode).toBe(200)
    const refunded: Order = response.json()
    expect(refunded.status).toBe('partially_refunded')
    expect(refunded.lines.map((line) => [line.kind, line.status])).toEqual([
      ['free', 'paid'],
      ['bump', 'paid'],
      ['post_purchase', 'refunded'],
    ])
    const given = await ctx.db.select().from(localRefunds)
    expect(given.map((row) => [row.intentId, row.amountCents])).toEqual([[charge?.id, 4900]])
  })
})
