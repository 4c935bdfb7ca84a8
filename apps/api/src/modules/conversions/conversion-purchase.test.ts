import { createHash } from 'node:crypto'
import { afterAll, beforeAll } from 'vitest'
import { eventually, type TestApp } from '../../../test/build-test-app.js'
import { waitForDrainedQueues } from '../../../test/drained-queues.js'
import { describe, expect, test } from '../../../test/fixtures.js'
import { type AdPlatformsStandIn, startAdPlatformsStandIn } from '../../../test/support/ad-platforms-stand-in.js'
import { createLocalSeller, insertFunnel, intentEventBody, localProviderOf, orderOf, sendWebhook } from '../orders/checkout-test-kit.js'

const hash = (value: string) => createHash('sha256').update(value).digest('hex')

describe('server events of paid orders (D29, D30): Purchase with value, currency and order id, once', () => {
  let standIn: AdPlatformsStandIn
  let ctx: TestApp

  beforeAll(async () => {
    standIn = await startAdPlatformsStandIn()
  })
  afterAll(async () => {
    await standIn.close()
  })
  test.override('appOptions', () => ({ workers: true, env: standIn.env }))
  test.beforeEach(async ({ app }) => {
    ctx = app
    standIn.requests.splice(0)
  })

  test('the checkout request gives the visitor; the payment event, however often it arrives, sends one Purchase per platform', async () => {
    const seller = await createLocalSeller(ctx)
    const { offer, bump, upsell } = await insertFunnel(ctx, seller.seller.id)
    // The settings as Settings saves them (the PUT is covered by conversion-settings.test.ts).
    await ctx.pool.query(
      `insert into conversion_settings (seller_id, meta_pixel_id, meta_access_token, ga4_measurement_id, ga4_api_secret)
       values ($1, '1234567890123456', 'meta-test-token', 'G-SHOP12345', 'ga4-secret')`,
      [seller.seller.id],
    )

    const checkout = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/stripe/payment-intent/',
      payload: {
        product_id: offer.id,
        bump_offer_id: bump?.id,
        upsell_offer_id: upsell?.id,
        full_name: 'Grace Hopper',
        email: 'Grace@Navy.mil ',
      },
      headers: {
        'user-agent': 'Checkout Browser',
        cookie: '_ga=GA1.2.111.222; _fbp=fb.1.2.3',
        referer: 'http://pages.funnelry.test/free-offer/x',
      },
      remoteAddress: '198.51.100.9',
    })
    expect(checkout.statusCode).toBe(200)
    const order = await orderOf(ctx, checkout.json().intent_id)
    if (!order) throw new Error('no order')
    const provider = await localProviderOf(ctx)
    const body = intentEventBody('payment_intent.succeeded', {
      id: order.intentId,
      amount: order.amountCents,
      currency: 'usd',
      account: seller.accountId,
    })
    await Promise.all([1, 2, 3].map(() => sendWebhook(ctx, body, provider.signWebhook(body))))
    await eventually(async () => standIn.received('meta').length === 1 && standIn.received('google').length === 1)
    await sendWebhook(ctx, body, provider.signWebhook(body))
    await waitForDrainedQueues(ctx.pool)

    expect(standIn.received('meta')).toHaveLength(1)
    expect(standIn.received('google')).toHaveLength(1)
    const value = order.amountCents / 100
    expect(standIn.received('meta')[0]?.body).toMatchObject({
      data: [
        {
          event_name: 'Purchase',
          event_id: `order.${order.id}`,
          action_source: 'website',
          event_source_url: 'http://pages.funnelry.test/free-offer/x',
          user_data: {
            em: hash('grace@navy.mil'),
            fn: hash('grace'),
            ln: hash('hopper'),
            client_ip_address: '198.51.100.9',
            client_user_agent: 'Checkout Browser',
            fbp: 'fb.1.2.3',
          },
          custom_data: { value, currency: 'USD', order_id: order.id },
        },
      ],
    })
    expect(standIn.received('google')[0]?.body).toMatchObject({
      client_id: '111.222',
      events: [
        {
          name: 'purchase',
          params: {
            transaction_id: `order.${order.id}`,
            value,
            currency: 'USD',
            items: [
              { item_id: bump?.id, price: (order.bumpPriceCents ?? 0) / 100, quantity: 1 },
              { item_id: upsell?.id, price: (order.upsellPriceCents ?? 0) / 100, quantity: 1 },
            ],
          },
        },
      ],
    })
  })
})
