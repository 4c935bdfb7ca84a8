import { type Order, paymentMessages } from '@funnelry/shared'
import { eq } from 'drizzle-orm'
import { eventually, type TestApp } from '../../../test/build-test-app.js'
import { createSellerSession } from '../../../test/factories.js'
import { describe, expect, test } from '../../../test/fixtures.js'
import { configureWebhook } from '../../../test/funnel-factories.js'
import { startReceiver } from '../../../test/http-receiver.js'
import { localRefunds } from '../payments/payments-tables.js'
import { parseCsv } from '../reports/report-test-kit.js'
import { createIntent, emailsTo, intentEventBody, localProviderOf, sendWebhook, updateIntent } from './checkout-test-kit.js'
import { orderLineRepository } from './order-lines.js'
import { paidOrder, type SellerWithFunnel, sellerWithFunnel } from './order-lines-test-kit.js'

type Headers = Record<string, string>

describe('POST /api/v1/orders/<id>/refund/ (decision D35)', () => {
  let ctx: TestApp
  let seller: SellerWithFunnel
  let receiver: Awaited<ReturnType<typeof startReceiver>>

  const refund = (orderId: string, payload: Record<string, unknown> = {}, headers: Headers = seller.headers) =>
    ctx.app.inject({ method: 'POST', url: `/api/v1/orders/${orderId}/refund/`, headers, payload })
  const lineOf = (order: Order, kind: string) => order.lines.find((line) => line.kind === kind)?.id ?? ''
  const viewOf = async (orderId: string): Promise<Order> =>
    (await ctx.app.inject({ method: 'GET', url: `/api/v1/orders/${orderId}/`, headers: seller.headers })).json()
  const refundsAtProvider = async (intentId: string) => ctx.db.select().from(localRefunds).where(eq(localRefunds.intentId, intentId))
  const stats = async () =>
    (await ctx.app.inject({ method: 'GET', url: `/api/v1/free-product/${seller.funnel.offer.id}/stats/`, headers: seller.headers })).json()
  const crmEvents = (event: string) => receiver.requests.map((request) => JSON.parse(request.body)).filter((body) => body.event === event)

  test.override('appOptions', () => ({ workers: true }))
  test.beforeEach(async ({ app }) => {
    ctx = app
    receiver = await startReceiver()
    seller = await sellerWithFunnel(ctx)
    await configureWebhook(ctx, seller.sellerId, receiver.url, { email: 'EmailAddress', fullName: 'FullName' })
  })
  test.afterEach(async () => {
    await receiver.close()
  })

  test('one line: refunded at the provider, the order partly refunded, revenue down, the buyer emailed, the CRM told', async () => {
    const order = await paidOrder(ctx, seller, 'refund-one@example.com')
    expect(await stats()).toMatchObject({ paid_orders: 1, revenue: '52.50' })
    const bump = lineOf(await viewOf(order.id), 'bump')

    const response = await refund(order.id, { line_ids: [bump] })
    expect(response.statusCode).toBe(200)
    const body: Order = response.json()
    expect(body).toMatchObject({ id: order.id, status: 'partially_refunded', amount: '52.50', refunded: '3.50' })
    expect(body.lines.map((line) => [line.kind, line.status])).toEqual([
      ['free', 'paid'],
      ['bump', 'refunded'],
      ['upsell', 'paid'],
    ])
    expect((await refundsAtProvider(order.intentId)).map((row) => [row.amountCents, row.idempotencyKey])).toEqual([
      [350, `refund-line-${bump}`],
    ])
    // The buyer's thank-you page says which item's money came back.
    const receipt = (await ctx.app.inject({ url: `/api/v1/order-receipts/${order.receiptToken}/` })).json()
    expect(receipt.items.map((item: { kind: string; refunded?: boolean }) => [item.kind, item.refunded ?? false])).toEqual([
      ['free', false],
      ['bump', true],
      ['upsell', false],
    ])
    expect(receipt).toMatchObject({ total: '52.50', refunded: '3.50' })
    // Still a completed checkout; only the money kept counts as revenue.
    expect(await stats()).toMatchObject({ paid_orders: 1, revenue: '49.00' })

    const refundMail = await eventually(async () => (await emailsTo(ctx, 'refund-one@example.com')).find((mail) => mail.kind === 'refund'))
    expect(refundMail.subject).toMatch(/^Your refund from /)
    expect(refundMail.text).toContain('has refunded $3.50 for:\n\n- Workbook ($3.50)')
    const [event] = await eventually(async () => crmEvents('order.refunded').length === 1 && crmEvents('order.refunded'))
    expect(event).toMatchObject({
      event: 'order.refunded',
      EmailAddress: 'refund-one@example.com',
      FullName: 'Ada Lovelace',
      order_id: order.id,
      status: 'partially_refunded',
      amount: '3.50',
      currency: 'usd',
      lines: [{ id: bump, kind: 'bump', offer_id: seller.funnel.bump?.id, amount: '3.50' }],
    })
    const delivery = receiver.requests.find((request) => JSON.parse(request.body).event === 'order.refunded')
    expect(delivery?.headers['webhook-signature']).toMatch(/^v1,/)
  })

  test('the buyer’s thank-you page still shows what they bought after a refund, links included, and what was given back', async () => {
    const order = await paidOrder(ctx, seller, 'refund-receipt@example.com')
    const before = await ctx.app.inject({ url: `/api/v1/order-receipts/${order.receiptToken}/` })
    expect(before.json()).not.toHaveProperty('refunded')
    expect((await refund(order.id)).statusCode).toBe(200)
    const receipt = await ctx.app.inject({ url: `/api/v1/order-receipts/${order.receiptToken}/` })
    expect(receipt.statusCode).toBe(200)
    expect(receipt.json()).toMatchObject({ status: 'paid', total: '52.50', refunded: '52.50' })
    expect(receipt.json().items.every((item: { url: string | null }) => item.url !== null)).toBe(true)
  })

  test('without line_ids every paid line is refunded; the order is refunded, the list and the CSV say so', async () => {
    const order = await paidOrder(ctx, seller, 'refund-all@example.com')
    const response = await refund(order.id)
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({ status: 'refunded', refunded: '52.50' })
    expect((await refundsAtProvider(order.intentId)).map((row) => row.amountCents).sort()).toEqual([350, 4900])
    expect(await stats()).toMatchObject({ paid_orders: 1, revenue: '0.00' })

    const list = await ctx.app.inject({ method: 'GET', url: '/api/v1/orders/?status=refunded', headers: seller.headers })
    expect(list.json().results.map((row: Order) => row.id)).toEqual([order.id])
    const csv = parseCsv((await ctx.app.inject({ method: 'GET', url: '/api/v1/orders/export/', headers: seller.headers })).body)
    const header = csv[0] ?? []
    const row = csv[1] ?? []
    expect([row[header.indexOf('status')], row[header.indexOf('amount')], row[header.indexOf('refunded')]]).toEqual([
      'refunded',
      '52.50',
      '52.50',
    ])

    // Nothing is left to give back.
    const again = await refund(order.id)
    expect(again.statusCode).toBe(409)
    expect(again.json()).toEqual({ detail: 'Everything in this order has already been refunded.' })
  })

  test('a line refunded twice is a 409, and money is given back once however many presses arrive together', async () => {
    const order = await paidOrder(ctx, seller, 'refund-twice@example.com')
    const upsell = lineOf(await viewOf(order.id), 'upsell')
    const answers = await Promise.all([1, 2, 3, 4].map(() => refund(order.id, { line_ids: [upsell] })))
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409, 409])
    expect(await refundsAtProvider(order.intentId)).toHaveLength(1)
    const later = await refund(order.id, { line_ids: [upsell] })
    expect(later.statusCode).toBe(409)
    expect(later.json()).toEqual({ detail: 'This has already been refunded.' })
    expect(await refundsAtProvider(order.intentId)).toHaveLength(1)
    await eventually(async () => crmEvents('order.refunded').length === 1)
    expect((await emailsTo(ctx, 'refund-twice@example.com')).filter((mail) => mail.kind === 'refund')).toHaveLength(1)
  })

  test('another seller’s order, a malformed or unknown id are not found; the buyer keeps the money', async () => {
    const order = await paidOrder(ctx, seller, 'not-yours@example.com')
    const other = await createSellerSession(ctx)
    for (const [id, headers] of [
      [order.id, other.headers],
      ['not-an-id', seller.headers],
      ['00000000-0000-4000-8000-000000000000', seller.headers],
    ] as const) {
      const response = await refund(id, {}, headers)
      expect(response.statusCode).toBe(404)
      expect(response.json()).toEqual({ detail: expect.any(String) })
    }
    expect(await refundsAtProvider(order.intentId)).toHaveLength(0)
    expect((await refund(order.id, {}, {})).statusCode).toBe(401)
  })

  test('refuses a free line, a line of another order, bad line ids and an order not paid, with nothing refunded', async () => {
    const order = await paidOrder(ctx, seller, 'refuse@example.com')
    const otherOrder = await paidOrder(ctx, seller, 'refuse-other@example.com')
    const view = await viewOf(order.id)
    const cases: [Record<string, unknown>, string][] = [
      [{ line_ids: [lineOf(view, 'free')] }, 'A free item cannot be refunded.'],
      [{ line_ids: [lineOf(await viewOf(otherOrder.id), 'bump')] }, 'Choose items of this order.'],
      [{ line_ids: ['nope'] }, 'Choose items of this order.'],
      [{ line_ids: [] }, 'Choose items of this order.'],
    ]
    for (const [payload, message] of cases) {
      const response = await refund(order.id, payload)
      expect(response.statusCode).toBe(400)
      expect(JSON.stringify(response.json())).toContain(message)
    }
    expect(await refundsAtProvider(order.intentId)).toHaveLength(0)

    const { intent_id: openId } = (
      await createIntent(ctx, {
        product_id: seller.funnel.offer.id,
        bump_offer_id: seller.funnel.bump?.id,
        full_name: 'Open Olga',
        email: 'open@example.com',
      })
    ).json()
    const open = await refund(openId)
    expect(open.statusCode).toBe(409)
    expect(open.json()).toEqual({ detail: 'This order has not been paid, so there is nothing to refund.' })
  })

  test('a post-purchase charge adds to the order and its revenue; refunded against its own charge, it leaves the first payment', async () => {
    const order = await paidOrder(ctx, seller, 'after@example.com')
    const provider = await localProviderOf(ctx)
    const charge = await provider.createIntent({
      accountId: seller.accountId,
      amountCents: 9900,
      currency: 'usd',
      metadata: {},
      idempotencyKey: `post-purchase-${order.id}`,
    })
    await provider.confirmWithTestCard(charge.clientSecret, '4242424242424242')
    const line = await orderLineRepository.addPostPurchaseLine(ctx.db, {
      orderId: order.id,
      offerId: seller.funnel.upsell?.id ?? '',
      headline: 'Coaching call',
      amountCents: 9900,
      currency: 1,
      paymentRef: charge.id,
    })
    // Orders, the CSV and the funnel count the one-click charge with its first order (D34).
    expect(await viewOf(order.id)).toMatchObject({ amount: '151.50', refunded: '0.00' })
    expect(await stats()).toMatchObject({ paid_orders: 1, revenue: '151.50' })

    const response = await refund(order.id, { line_ids: [line.id] })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({ status: 'partially_refunded', amount: '151.50', refunded: '99.00' })
    expect((await refundsAtProvider(charge.id)).map((row) => row.amountCents)).toEqual([9900])
    expect(await refundsAtProvider(order.intentId)).toHaveLength(0)
    expect(await stats()).toMatchObject({ revenue: '52.50' })
  })

  test('a repeated payment event does not make a refunded order paid again', async () => {
    const order = await paidOrder(ctx, seller, 'replayed@example.com')
    await refund(order.id)
    const provider = await localProviderOf(ctx)
    const body = intentEventBody('payment_intent.succeeded', {
      id: order.intentId,
      amount: 5250,
      currency: 'usd',
      account: seller.accountId,
    })
    expect((await sendWebhook(ctx, body, provider.signWebhook(body))).statusCode).toBe(200)
    expect((await viewOf(order.id)).status).toBe('refunded')
    // Nor can the page's checkout change it.
    const late = await updateIntent(ctx, {
      intent_id: order.id,
      full_name: 'Ada Lovelace',
      email: 'replayed@example.com',
      bump_offer_id: null,
    })
    expect(late.statusCode).toBe(400)
    expect(late.json()).toMatchObject({ error: paymentMessages.alreadyComplete })
  })
})
