import { paymentMessages } from '@funnelry/shared'
import { eq } from 'drizzle-orm'
import Stripe from 'stripe'
import { createTestApp, eventually, type TestApp } from '../../../test/build-test-app.js'
import { createSellerSession } from '../../../test/factories.js'
import { describe, expect, test } from '../../../test/fixtures.js'
import { configureWebhook } from '../../../test/funnel-factories.js'
import { startReceiver } from '../../../test/http-receiver.js'
import { type StripeStandIn, startStripeStandIn, stripeStandInEnv } from '../../../test/stripe-stand-in.js'
import { firstRow } from '../../db/first-row.js'
import { paymentAccounts } from '../payments/payments-tables.js'
import {
  confirmLocal,
  createIntent,
  emailsTo,
  insertFunnel,
  intentEventBody,
  orderOf,
  sendWebhook,
  updateIntent,
  visitor,
} from './checkout-test-kit.js'

const webhookSecret = 'whsec_checkout_standin'
/** Signed the way Stripe signs its deliveries, with the real SDK. */
const sign = (payload: string) => Stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret })

describe('checkout with Stripe (the real SDK against the local stand-in)', () => {
  let ctx: TestApp
  let stripe: StripeStandIn
  let receiver: Awaited<ReturnType<typeof startReceiver>>
  let accountId: string
  let sellerId: string
  let funnel: Awaited<ReturnType<typeof insertFunnel>>

  test.override('appOptions', () => ({
    workers: true,
    env: stripeStandInEnv(stripe.url, webhookSecret),
  }))
  test.beforeEach(async () => {
    stripe = await startStripeStandIn()
    receiver = await startReceiver()
  })
  test.beforeEach(async ({ app }) => {
    ctx = app
    // Connected the way a seller does it: connect, finish onboarding at Stripe, status.
    const session = await createSellerSession(ctx)
    sellerId = session.seller.id
    await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/stripe/account/connect/',
      headers: session.headers,
      payload: { has_stripe_account: false },
    })
    accountId = (await firstRow(ctx.db.select().from(paymentAccounts).where(eq(paymentAccounts.sellerId, sellerId))))?.accountId ?? ''
    stripe.setChargesEnabled(accountId, true)
    const status = await ctx.app.inject({ method: 'GET', url: '/api/v1/stripe/account/status/', headers: session.headers })
    expect(status.json()).toEqual({ connected: true })
    funnel = await insertFunnel(ctx, sellerId)
    await configureWebhook(ctx, sellerId, receiver.url)
  })
  test.afterEach(async () => {
    await stripe.close()
    await receiver.close()
  })

  test('creates and updates a direct charge on the seller’s account with the platform fee, then fulfils on the signed event', async () => {
    const created = await createIntent(ctx, { ...visitor, product_id: funnel.offer.id, bump_offer_id: funnel.bump?.id })
    expect(created.statusCode).toBe(200)
    const body = created.json()
    const order = await orderOf(ctx, body.intent_id)
    const intent = stripe.intents.get(order?.intentId ?? '')
    expect(body).toEqual({
      intent_id: order?.id,
      client_secret: intent?.client_secret,
      amount: '3.50',
      currency: 1,
      provider: 'stripe',
      publishable_key: 'pk_test_standin',
      account_id: accountId,
      order_reference: order?.receiptToken,
    })
    const [create] = stripe.find('POST', '/v1/payment_intents')
    expect(create?.headers['stripe-account']).toBe(accountId)
    expect(create?.headers['idempotency-key']).toBe(`order-${body.intent_id}-create`)
    expect(create?.form).toMatchObject({
      amount: '350',
      currency: 'usd',
      application_fee_amount: '35',
      'metadata[order_id]': body.intent_id,
      'metadata[free_offer_id]': funnel.offer.id,
    })

    const updated = await updateIntent(ctx, {
      intent_id: body.intent_id,
      ...visitor,
      upsell_offer_id: funnel.upsell?.id,
      upsell_shown: true,
    })
    expect(updated.json()).toMatchObject({ amount: '52.50', client_secret: body.client_secret, provider: 'stripe', account_id: accountId })
    const [update] = stripe.find('POST', `/v1/payment_intents/${order?.intentId}`)
    expect(update?.headers['stripe-account']).toBe(accountId)
    expect(update?.form).toEqual({ amount: '5250', application_fee_amount: '525' })

    // Stripe.js confirms in the browser; Stripe then sends the event from the connected account.
    stripe.setIntentStatus(order?.intentId ?? '', 'succeeded')
    const event = intentEventBody('payment_intent.succeeded', {
      id: order?.intentId ?? '',
      amount: 5250,
      currency: 'usd',
      account: accountId,
    })
    const delivered = await sendWebhook(ctx, event, sign(event))
    expect(delivered.statusCode).toBe(200)
    expect(delivered.json()).toEqual({ received: true })
    expect(await orderOf(ctx, body.intent_id)).toMatchObject({ status: 'paid', amountCents: 5250 })
    const mails = await emailsTo(ctx, 'ada@example.com')
    expect(mails.map((mail) => mail.kind).sort()).toEqual(['free-download', 'purchase'])
    expect(mails.find((mail) => mail.kind === 'purchase')?.text).toContain('https://files.example/course')
    await eventually(async () => receiver.requests.some((request) => JSON.parse(request.body).event === 'order.paid'))

    const late = await updateIntent(ctx, { intent_id: body.intent_id, ...visitor, bump_offer_id: null })
    expect(late.statusCode).toBe(400)
    expect(late.json()).toEqual({ detail: expect.any(String), error: paymentMessages.alreadyComplete })
  })

  test('answers 400 to an event whose signature does not verify, and changes nothing', async () => {
    const created = (await createIntent(ctx, { ...visitor, product_id: funnel.offer.id, bump_offer_id: funnel.bump?.id })).json()
    const order = await orderOf(ctx, created.intent_id)
    const event = intentEventBody('payment_intent.succeeded', {
      id: order?.intentId ?? '',
      amount: 350,
      currency: 'usd',
      account: accountId,
    })
    const forged = Stripe.webhooks.generateTestHeaderString({ payload: event, secret: 'whsec_someone_else' })
    const response = await sendWebhook(ctx, event, forged)
    expect(response.statusCode).toBe(400)
    expect(await orderOf(ctx, created.intent_id)).toMatchObject({ status: 'pending' })
  })

  test('cancels the Stripe intent when the total drops to 0 and creates another when it rises again', async () => {
    const created = (await createIntent(ctx, { ...visitor, product_id: funnel.offer.id, bump_offer_id: funnel.bump?.id })).json()
    const first = (await orderOf(ctx, created.intent_id))?.intentId ?? ''

    const zero = await updateIntent(ctx, { intent_id: created.intent_id, ...visitor, bump_offer_id: null })
    expect(zero.json()).toEqual({
      intent_id: created.intent_id,
      client_secret: null,
      amount: '0.00',
      currency: 1,
      provider: 'none',
      order_reference: created.order_reference,
    })
    const [cancel] = stripe.find('POST', `/v1/payment_intents/${first}/cancel`)
    expect(cancel?.headers['stripe-account']).toBe(accountId)
    expect(stripe.intents.get(first)?.status).toBe('canceled')

    const again = (await updateIntent(ctx, { intent_id: created.intent_id, ...visitor, upsell_offer_id: funnel.upsell?.id })).json()
    const second = (await orderOf(ctx, created.intent_id))?.intentId ?? ''
    expect(second).not.toBe(first)
    expect(again).toMatchObject({ amount: '49.00', provider: 'stripe', client_secret: stripe.intents.get(second)?.client_secret })
    const create = stripe.find('POST', '/v1/payment_intents').at(-1)
    expect(create?.headers['idempotency-key']).toBe(`order-${created.intent_id}-after-${first}-4900-1`)
    expect(create?.form).toMatchObject({ amount: '4900', application_fee_amount: '490' })
  })

  test('answers "already complete" when Stripe took the payment before its event arrived', async () => {
    const created = (await createIntent(ctx, { ...visitor, product_id: funnel.offer.id, bump_offer_id: funnel.bump?.id })).json()
    stripe.setIntentStatus((await orderOf(ctx, created.intent_id))?.intentId ?? '', 'processing')
    const refused = await updateIntent(ctx, { intent_id: created.intent_id, ...visitor, upsell_offer_id: funnel.upsell?.id })
    expect(refused.statusCode).toBe(400)
    expect(refused.json()).toEqual({ detail: expect.any(String), error: paymentMessages.alreadyComplete })
  })

  test('refuses to charge while Stripe says the account cannot take charges, and offers no local card form', async () => {
    await ctx.db.update(paymentAccounts).set({ chargesEnabled: false }).where(eq(paymentAccounts.sellerId, sellerId))
    try {
      const refused = await createIntent(ctx, { ...visitor, product_id: funnel.offer.id, bump_offer_id: funnel.bump?.id })
      expect(refused.statusCode).toBe(400)
      expect(refused.json()).toEqual({ detail: expect.any(String), error: paymentMessages.sellerCannotTakePayments })
    } finally {
      await ctx.db.update(paymentAccounts).set({ chargesEnabled: true }).where(eq(paymentAccounts.sellerId, sellerId))
    }
    expect((await confirmLocal(ctx, { client_secret: 'pi_x_secret_y', card_number: '4242424242424242' })).statusCode).toBe(404)
  })

  test('answers 502 with a readable error when Stripe cannot be reached', async () => {
    const down = await startStripeStandIn()
    await down.close()
    const offline = await createTestApp({
      env: { STRIPE_SECRET_KEY: 'sk_test_standin', STRIPE_PUBLISHABLE_KEY: 'pk_test_standin', STRIPE_API_URL: down.url },
    })
    try {
      const session = await createSellerSession(offline)
      await offline.db
        .insert(paymentAccounts)
        .values({ sellerId: session.seller.id, provider: 'stripe', accountId: 'acct_1', chargesEnabled: true })
      const shop = await insertFunnel(offline, session.seller.id)
      const response = await createIntent(offline, { ...visitor, product_id: shop.offer.id, bump_offer_id: shop.bump?.id })
      expect(response.statusCode).toBe(502)
      expect(response.json()).toEqual({ detail: expect.any(String), error: paymentMessages.providerUnavailable })
    } finally {
      await offline.close()
    }
  }, 60_000)
})
