import type { Order } from '@funnelry/shared'
import { eq } from 'drizzle-orm'
import Stripe from 'stripe'
import { eventually, type TestApp } from '../../../test/build-test-app.js'
import { createSellerSession } from '../../../test/factories.js'
import { describe, expect, test } from '../../../test/fixtures.js'
import { type StripeStandIn, startStripeStandIn, stripeStandInEnv } from '../../../test/stripe-stand-in.js'
import { firstRow } from '../../db/first-row.js'
import { paymentAccounts } from '../payments/payments-tables.js'
import { createIntent, emailsTo, insertFunnel, intentEventBody, orderOf, sendWebhook, updateIntent, visitor } from './checkout-test-kit.js'
import { orderLines } from './orders-tables.js'

const webhookSecret = 'whsec_refunds_standin'
const sign = (payload: string) => Stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret })

describe('refunds with Stripe (the real SDK against the local stand-in, decision D35)', () => {
  let ctx: TestApp
  let stripe: StripeStandIn
  let headers: Record<string, string>
  let accountId: string
  let funnel: Awaited<ReturnType<typeof insertFunnel>>

  test.override('appOptions', () => ({
    env: stripeStandInEnv(stripe.url, webhookSecret),
  }))
  test.beforeEach(async () => {
    stripe = await startStripeStandIn()
  })
  test.beforeEach(async ({ app }) => {
    ctx = app
    const session = await createSellerSession(ctx)
    headers = session.headers
    await ctx.app.inject({ method: 'POST', url: '/api/v1/stripe/account/connect/', headers, payload: { has_stripe_account: false } })
    accountId =
      (await firstRow(ctx.db.select().from(paymentAccounts).where(eq(paymentAccounts.sellerId, session.seller.id))))?.accountId ?? ''
    stripe.setChargesEnabled(accountId, true)
    await ctx.app.inject({ method: 'GET', url: '/api/v1/stripe/account/status/', headers })
    funnel = await insertFunnel(ctx, session.seller.id)
  })
  test.afterEach(async () => {
    await stripe.close()
  })

  /** Bump and upsell paid through Stripe: the browser confirms, Stripe sends the signed event. */
  async function paidThroughStripe() {
    const { intent_id } = (await createIntent(ctx, { ...visitor, product_id: funnel.offer.id, bump_offer_id: funnel.bump?.id })).json()
    await updateIntent(ctx, { intent_id, ...visitor, upsell_offer_id: funnel.upsell?.id, upsell_shown: true })
    const order = await orderOf(ctx, intent_id)
    if (!order) throw new Error('no order')
    stripe.setIntentStatus(order.intentId, 'succeeded')
    const event = intentEventBody('payment_intent.succeeded', { id: order.intentId, amount: 5250, currency: 'usd', account: accountId })
    expect((await sendWebhook(ctx, event, sign(event))).statusCode).toBe(200)
    return order
  }

  test('each line is a refund of its amount on the connected account, with the fee given back and a key per line', async () => {
    const order = await paidThroughStripe()
    const view: Order = (await ctx.app.inject({ method: 'GET', url: `/api/v1/orders/${order.id}/`, headers })).json()
    const upsell = view.lines.find((line) => line.kind === 'upsell')?.id ?? ''

    const first = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/orders/${order.id}/refund/`,
      headers,
      payload: { line_ids: [upsell] },
    })
    expect(first.statusCode).toBe(200)
    expect(first.json()).toMatchObject({ status: 'partially_refunded', refunded: '49.00' })
    const rest = await ctx.app.inject({ method: 'POST', url: `/api/v1/orders/${order.id}/refund/`, headers, payload: {} })
    expect(rest.json()).toMatchObject({ status: 'refunded', refunded: '52.50' })

    const sent = stripe.find('POST', '/v1/refunds')
    expect(sent.map((request) => request.headers['stripe-account'])).toEqual([accountId, accountId])
    expect(sent.map((request) => request.headers['idempotency-key'])).toEqual(
      view.lines
        .filter((line) => line.kind !== 'free')
        .map((line) => `refund-line-${line.id}`)
        .reverse(),
    )
    expect(sent.map((request) => request.form)).toEqual([
      expect.objectContaining({
        payment_intent: order.intentId,
        amount: '4900',
        refund_application_fee: 'true',
        'metadata[order_line_id]': upsell,
      }),
      expect.objectContaining({ payment_intent: order.intentId, amount: '350', refund_application_fee: 'true' }),
    ])
  })

  test('a refund Stripe refuses (already refunded in the Stripe dashboard) is a clear 400 and changes nothing', async () => {
    const order = await paidThroughStripe()
    // The seller gave everything back in Stripe's own dashboard first.
    const elsewhere = new Stripe('sk_test_standin', { host: '127.0.0.1', port: new URL(stripe.url).port, protocol: 'http' })
    await elsewhere.refunds.create({ payment_intent: order.intentId }, { stripeAccount: accountId })

    const response = await ctx.app.inject({ method: 'POST', url: `/api/v1/orders/${order.id}/refund/`, headers, payload: {} })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({ detail: expect.stringContaining('greater than unrefunded amount') })
    const view: Order = (await ctx.app.inject({ method: 'GET', url: `/api/v1/orders/${order.id}/`, headers })).json()
    expect(view).toMatchObject({ status: 'paid', refunded: '0.00' })
  })

  /** Stripe's signed `refund.updated` for a refund of the line, on the seller's account. */
  async function refundUpdated(orderId: string, lineId: string, status: 'succeeded' | 'failed') {
    const [line] = await ctx.db.select().from(orderLines).where(eq(orderLines.id, lineId))
    const refund = {
      id: line?.refundRef,
      object: 'refund',
      amount: line?.amountCents,
      status,
      metadata: { order_id: orderId, order_line_id: lineId },
    }
    const event = JSON.stringify({
      id: `evt_${lineId}_${status}`,
      object: 'event',
      type: 'refund.updated',
      account: accountId,
      data: { object: refund },
    })
    return sendWebhook(ctx, event, sign(event))
  }
  const viewOf = async (orderId: string): Promise<Order> => (await ctx.app.inject({ url: `/api/v1/orders/${orderId}/`, headers })).json()
  const refundMails = async () => (await emailsTo(ctx, visitor.email.toLowerCase())).filter((mail) => mail.kind === 'refund')

  test('a refund Stripe answers pending is recorded as pending until its refund.updated says succeeded; then refunded, emailed once', async () => {
    const order = await paidThroughStripe()
    stripe.setRefundStatus('pending')
    const upsell = (await viewOf(order.id)).lines.find((line) => line.kind === 'upsell')?.id ?? ''

    const answered = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/orders/${order.id}/refund/`,
      headers,
      payload: { line_ids: [upsell] },
    })
    expect(answered.statusCode).toBe(200)
    // What Stripe said: nothing given back yet, so the order and its revenue stand, and the buyer is not told.
    const pending: Order = answered.json()
    expect(pending).toMatchObject({ status: 'paid', refunded: '0.00' })
    expect(pending.lines.find((line) => line.id === upsell)?.status).toBe('refund_pending')
    expect(await refundMails()).toHaveLength(0)
    // A line whose refund is under way is not refunded a second time.
    const again = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/orders/${order.id}/refund/`,
      headers,
      payload: { line_ids: [upsell] },
    })
    expect(again.statusCode).toBe(409)

    expect((await refundUpdated(order.id, upsell, 'succeeded')).statusCode).toBe(200)
    const settled = await viewOf(order.id)
    expect(settled).toMatchObject({ status: 'partially_refunded', refunded: '49.00' })
    expect(settled.lines.find((line) => line.id === upsell)?.status).toBe('refunded')
    // Stripe sends an event more than once: nothing changes the second time.
    expect((await refundUpdated(order.id, upsell, 'succeeded')).statusCode).toBe(200)
    expect(await eventually(async () => (await refundMails()).length === 1 && (await refundMails()))).toHaveLength(1)
    expect(stripe.find('POST', '/v1/refunds')).toHaveLength(1)
  })

  test('a pending refund that Stripe then reports failed leaves its line paid, to be refunded again', async () => {
    const order = await paidThroughStripe()
    stripe.setRefundStatus('pending')
    const answered: Order = (
      await ctx.app.inject({ method: 'POST', url: `/api/v1/orders/${order.id}/refund/`, headers, payload: {} })
    ).json()
    expect(answered.lines.filter((line) => line.kind !== 'free').map((line) => line.status)).toEqual(['refund_pending', 'refund_pending'])
    const bump = answered.lines.find((line) => line.kind === 'bump')?.id ?? ''

    expect((await refundUpdated(order.id, bump, 'failed')).statusCode).toBe(200)
    const after = await viewOf(order.id)
    expect(after).toMatchObject({ status: 'paid', refunded: '0.00' })
    expect(after.lines.find((line) => line.id === bump)?.status).toBe('paid')
    expect(await refundMails()).toHaveLength(0)
  })
})
