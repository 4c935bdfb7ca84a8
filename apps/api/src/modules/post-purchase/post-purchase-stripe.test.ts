import { postPurchaseMessages } from '@funnelry/shared'
import { eq } from 'drizzle-orm'
import Stripe from 'stripe'
import type { TestApp } from '../../../test/build-test-app.js'
import { createSellerSession } from '../../../test/factories.js'
import { describe, expect, test } from '../../../test/fixtures.js'
import { type StripeStandIn, standInPaymentMethods, startStripeStandIn, stripeStandInEnv } from '../../../test/stripe-stand-in.js'
import { firstRow } from '../../db/first-row.js'
import { createIntent, intentEventBody, orderOf, sendWebhook, visitor } from '../orders/checkout-test-kit.js'
import { paymentAccounts } from '../payments/payments-tables.js'
import { accept, chargesOf, insertStepsFunnel, stateOf } from './post-purchase-test-kit.js'

const webhookSecret = 'whsec_post_purchase_standin'
const sign = (payload: string) => Stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret })

/** Decision D34 on Stripe (the real SDK against the local stand-in): the card saved with the first payment, then charged in one press. */
describe('post-purchase offers with Stripe', () => {
  let ctx: TestApp
  let stripe: StripeStandIn
  let accountId: string
  let funnel: Awaited<ReturnType<typeof insertStepsFunnel>>

  test.override('appOptions', () => ({
    env: stripeStandInEnv(stripe.url, webhookSecret),
  }))
  test.beforeEach(async () => {
    stripe = await startStripeStandIn()
  })
  test.beforeEach(async ({ app }) => {
    ctx = app
    const session = await createSellerSession(ctx)
    await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/stripe/account/connect/',
      headers: session.headers,
      payload: { has_stripe_account: false },
    })
    accountId =
      (await firstRow(ctx.db.select().from(paymentAccounts).where(eq(paymentAccounts.sellerId, session.seller.id))))?.accountId ?? ''
    stripe.setChargesEnabled(accountId, true)
    await ctx.app.inject({ method: 'GET', url: '/api/v1/stripe/account/status/', headers: session.headers })
    funnel = await insertStepsFunnel(ctx, session.seller.id)
  })
  test.afterEach(async () => {
    await stripe.close()
  })

  /** Pays the first order with `paymentMethod` as Stripe.js would, and delivers Stripe's signed event. */
  async function payFirst(paymentMethod: string) {
    const created = (await createIntent(ctx, { ...visitor, product_id: funnel.offer.id, bump_offer_id: funnel.bump?.id })).json()
    const order = await orderOf(ctx, created.intent_id)
    const intentId = order?.intentId ?? ''
    stripe.payWith(intentId, paymentMethod)
    const body = intentEventBody('payment_intent.succeeded', { id: intentId, amount: 350, currency: 'usd', account: accountId })
    expect((await sendWebhook(ctx, body, sign(body))).statusCode).toBe(200)
    return { reference: created.order_reference as string, orderId: created.intent_id as string, intentId }
  }

  test('the first payment saves the card to a customer on the seller account; accept is a direct charge of it with the platform fee', async () => {
    const { reference, intentId } = await payFirst(standInPaymentMethods.succeeds)
    const first = stripe.intents.get(intentId)
    expect(first).toMatchObject({ setup_future_usage: 'off_session', customer: expect.stringMatching(/^cus_/) })
    expect(stripe.find('POST', '/v1/customers')[0]?.headers['stripe-account']).toBe(accountId)

    expect((await accept(ctx, reference, { step: 1, kind: 'upsell' })).json()).toEqual({ status: 'succeeded' })
    const [charge] = stripe.find('POST', '/v1/payment_intents').filter((request) => request.form.confirm === 'true')
    expect(charge?.headers['stripe-account']).toBe(accountId)
    expect(charge?.headers['idempotency-key']).toMatch(/^post-purchase-.+-step-1$/)
    expect(charge?.form).toMatchObject({
      amount: '4900',
      currency: 'usd',
      customer: first?.customer,
      payment_method: standInPaymentMethods.succeeds,
      application_fee_amount: '490',
    })
  })

  test('a card asking for 3-D Secure answers requires_action with what Stripe.js needs; the server re-checks after', async () => {
    const { reference, orderId } = await payFirst(standInPaymentMethods.authenticates)
    const asked = (await accept(ctx, reference, { step: 1, kind: 'upsell' })).json()
    expect(asked).toMatchObject({
      status: 'requires_action',
      provider: 'stripe',
      account_id: accountId,
      publishable_key: 'pk_test_standin',
      client_secret: expect.stringContaining('_secret_'),
    })
    const [row] = await chargesOf(ctx, orderId)
    stripe.authenticate(row?.intentId ?? '', true)
    expect((await accept(ctx, reference, { step: 1, kind: 'upsell' })).json()).toEqual({ status: 'succeeded' })
    expect((await stateOf(ctx, reference)).json()).toMatchObject({ step: 2 })
  })

  test('a declined card is not charged, the first order stands, and a replay charges nothing', async () => {
    const { reference, orderId } = await payFirst(standInPaymentMethods.insufficientFunds)
    expect((await accept(ctx, reference, { step: 1, kind: 'upsell' })).json()).toEqual({
      status: 'failed',
      message: postPurchaseMessages.notAdded('The Course', 'your card was declined (insufficient funds)'),
    })
    expect((await accept(ctx, reference, { step: 1, kind: 'upsell' })).json()).toMatchObject({ status: 'failed' })
    expect(stripe.find('POST', '/v1/payment_intents').filter((request) => request.form.confirm === 'true')).toHaveLength(1)
    expect((await orderOf(ctx, orderId))?.status).toBe('paid')
  })
})
