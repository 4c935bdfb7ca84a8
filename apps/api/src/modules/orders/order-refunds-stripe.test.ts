import type { Order } from '@funnelry/shared'
import { eq } from 'drizzle-orm'
import Stripe from 'stripe'
import type { TestApp } from '../../../test/build-test-app.js'
import { createSellerSession } from '../../../test/factories.js'
import { describe, expect, test } from '../../../test/fixtures.js'
import { type StripeStandIn, startStripeStandIn, stripeStandInEnv } from '../../../test/stripe-stand-in.js'
import { firstRow } from '../../db/first-row.js'
import { paymentAccounts } from '../payments/payments-tables.js'
import { createIntent, insertFunnel, intentEventBody, orderOf, sendWebhook, updateIntent, visitor } from './checkout-test-kit.js'

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
})
