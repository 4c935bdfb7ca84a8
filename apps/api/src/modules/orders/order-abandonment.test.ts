import { eq } from 'drizzle-orm'
import Stripe from 'stripe'
import { eventually, type TestApp } from '../../../test/build-test-app.js'
import { createSellerSession } from '../../../test/factories.js'
import { describe, expect, test } from '../../../test/fixtures.js'
import { type StripeStandIn, startStripeStandIn } from '../../../test/stripe-stand-in.js'
import { firstRow } from '../../db/first-row.js'
import { createPaymentsModule } from '../payments/payments-module.js'
import { localPaymentIntents, paymentAccounts } from '../payments/payments-tables.js'
import { createSellersModule } from '../sellers/sellers-module.js'
import {
  confirmLocal,
  createIntent,
  createLocalSeller,
  insertFunnel,
  intentEventBody,
  localProviderOf,
  orderOf,
  sendWebhook,
  updateIntent,
  visitor,
} from './checkout-test-kit.js'
import { abandonAfterMs, createAbandonmentSweep } from './order-abandonment.js'
import { orders } from './orders-tables.js'

/** The payments module's services, as buildApp and the worker build them. */
const paymentsOf = async (ctx: TestApp) => {
  const sellers = createSellersModule({ db: ctx.db, now: ctx.clock.now }).services.sellers
  return (await createPaymentsModule({ config: ctx.config, db: ctx.db, now: ctx.clock.now, sellers })).services
}

const hour = 60 * 60 * 1000

/** Decision D20: a draft or an unpaid order untouched for 24 hours becomes `abandoned`, its provider intent canceled. */
describe('abandoning unpaid orders after 24 hours (local provider)', () => {
  let ctx: TestApp
  let funnel: Awaited<ReturnType<typeof insertFunnel>>
  let sweep: () => Promise<number>

  const localIntent = async (orderId: string) => {
    const order = await orderOf(ctx, orderId)
    return firstRow(
      ctx.db
        .select()
        .from(localPaymentIntents)
        .where(eq(localPaymentIntents.id, order?.intentId ?? '')),
    )
  }
  const pendingOrder = async () =>
    (await createIntent(ctx, { ...visitor, product_id: funnel.offer.id, bump_offer_id: funnel.bump?.id })).json() as {
      intent_id: string
      client_secret: string
    }

  test.beforeEach(async ({ app }) => {
    ctx = app
    const seller = await createLocalSeller(ctx)
    funnel = await insertFunnel(ctx, seller.seller.id)
    const payments = await paymentsOf(ctx)
    sweep = createAbandonmentSweep({ db: ctx.db, payments, now: ctx.clock.now, log: () => {} }).sweep
  })

  test('abandons drafts, pending and declined orders after 24 hours, cancels their intents, and leaves the rest', async () => {
    const draft = (await createIntent(ctx, { product_id: funnel.offer.id, bump_offer_id: funnel.bump?.id })).json()
    const pending = await pendingOrder()
    const declined = await pendingOrder()
    expect((await confirmLocal(ctx, { client_secret: declined.client_secret, card_number: '4000000000000002' })).statusCode).toBe(400)
    const paid = await pendingOrder()
    expect((await confirmLocal(ctx, { client_secret: paid.client_secret, card_number: '4242424242424242' })).statusCode).toBe(200)
    const free = (await createIntent(ctx, { ...visitor, product_id: funnel.offer.id })).json()
    const returning = await pendingOrder()

    // Not yet: 23 hours.
    ctx.clock.advance(23 * hour)
    expect(await sweep()).toBe(0)
    // 25 hours; the visitor of one order came back just now: its 24 hours start again.
    ctx.clock.advance(2 * hour)
    await updateIntent(ctx, { intent_id: returning.intent_id, ...visitor, upsell_shown: true })

    expect(await sweep()).toBe(3)
    expect(await orderOf(ctx, draft.intent_id)).toMatchObject({ status: 'abandoned' })
    expect(await orderOf(ctx, pending.intent_id)).toMatchObject({ status: 'abandoned' })
    expect(await orderOf(ctx, declined.intent_id)).toMatchObject({ status: 'abandoned' })
    expect(await localIntent(pending.intent_id)).toMatchObject({ status: 'canceled' })
    expect(await localIntent(declined.intent_id)).toMatchObject({ status: 'canceled' })
    expect(await orderOf(ctx, paid.intent_id)).toMatchObject({ status: 'paid' })
    expect(await orderOf(ctx, free.intent_id)).toMatchObject({ status: 'paid' })
    expect(await orderOf(ctx, returning.intent_id)).toMatchObject({ status: 'pending' })
    expect(await sweep()).toBe(0)

    // The old client secret can no longer pay; the page hears the order expired.
    const stale = await confirmLocal(ctx, { client_secret: pending.client_secret, card_number: '4242424242424242' })
    expect(stale.json()).toEqual({ detail: expect.any(String), status: 'failed', error: 'This payment is closed. Please reload the page.' })
    expect(await orderOf(ctx, pending.intent_id)).toMatchObject({ status: 'abandoned' })
  })

  test('leaves an order whose payment succeeded at the provider before its event arrived; the event then settles it', async () => {
    const racing = await pendingOrder()
    const order = await orderOf(ctx, racing.intent_id)
    await ctx.db
      .update(localPaymentIntents)
      .set({ status: 'succeeded' })
      .where(eq(localPaymentIntents.id, order?.intentId ?? ''))
    ctx.clock.advance(abandonAfterMs + hour)
    await sweep()
    expect(await orderOf(ctx, racing.intent_id)).toMatchObject({ status: 'pending' })

    const provider = await localProviderOf(ctx)
    const body = intentEventBody('payment_intent.succeeded', { id: order?.intentId ?? '', amount: 350, currency: 'usd' })
    expect((await sendWebhook(ctx, body, provider.signWebhook(body))).statusCode).toBe(200)
    expect(await orderOf(ctx, racing.intent_id)).toMatchObject({ status: 'paid' })
  })

  test('runs from the job queue on a schedule kept in the database', async () => {
    const [schedule] = await ctx.jobs.boss.getSchedules('abandon-orders')
    expect(schedule).toMatchObject({ name: 'abandon-orders', cron: '*/15 * * * *' })

    const pending = await pendingOrder()
    ctx.clock.advance(abandonAfterMs + hour)
    await ctx.startWorkers()
    // What the schedule sends every 15 minutes, sent now.
    await ctx.jobs.send('abandon-orders', {})
    await eventually(async () => (await orderOf(ctx, pending.intent_id))?.status === 'abandoned')
    expect(await localIntent(pending.intent_id)).toMatchObject({ status: 'canceled' })
  })
})

describe('abandoning unpaid orders (Stripe, through the stand-in)', () => {
  let ctx: TestApp
  let stripe: StripeStandIn

  test.override('appOptions', () => ({
    env: { STRIPE_SECRET_KEY: 'sk_test_standin', STRIPE_PUBLISHABLE_KEY: 'pk_test_standin', STRIPE_API_URL: stripe.url },
  }))
  test.beforeEach(async () => {
    stripe = await startStripeStandIn()
  })
  test.beforeEach(async ({ app }) => {
    ctx = app
  })
  test.afterEach(async () => {
    await stripe.close()
  })

  test("cancels the seller's Stripe intent before marking the order abandoned", async () => {
    const session = await createSellerSession(ctx)
    const account = await new Stripe('sk_test_standin', {
      host: '127.0.0.1',
      port: Number(new URL(stripe.url).port),
      protocol: 'http',
    }).accounts.create({ type: 'standard' })
    stripe.setChargesEnabled(account.id, true)
    await ctx.db
      .insert(paymentAccounts)
      .values({ sellerId: session.seller.id, provider: 'stripe', accountId: account.id, chargesEnabled: true })
    const funnel = await insertFunnel(ctx, session.seller.id)
    const created = (await createIntent(ctx, { ...visitor, product_id: funnel.offer.id, bump_offer_id: funnel.bump?.id })).json()
    const intentId = (await orderOf(ctx, created.intent_id))?.intentId ?? ''

    const payments = await paymentsOf(ctx)
    ctx.clock.advance(abandonAfterMs + hour)
    expect(await createAbandonmentSweep({ db: ctx.db, payments, now: ctx.clock.now, log: () => {} }).sweep()).toBe(1)

    const [cancel] = stripe.find('POST', `/v1/payment_intents/${intentId}/cancel`)
    expect(cancel?.headers['stripe-account']).toBe(account.id)
    expect(stripe.intents.get(intentId)?.status).toBe('canceled')
    expect((await firstRow(ctx.db.select().from(orders).where(eq(orders.id, created.intent_id))))?.status).toBe('abandoned')
  })
})
