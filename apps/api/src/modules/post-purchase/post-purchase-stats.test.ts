import type { OfferStats, Order } from '@funnelry/shared'
import type { TestApp } from '../../../test/build-test-app.js'
import { createSellerSession } from '../../../test/factories.js'
import { describe, expect, test } from '../../../test/fixtures.js'
import { type SellerWithFunnel, sellerWithFunnel } from '../orders/order-lines-test-kit.js'
import { accept, decline, insertStepsFunnel, payFirstOrder, stateOf } from './post-purchase-test-kit.js'

/** Issue 26: the funnel numbers of each after-purchase step, in the free offer's stats answer. */
describe('after-purchase numbers in GET /api/v1/free-product/<id>/stats/', () => {
  let ctx: TestApp
  let seller: SellerWithFunnel
  let funnel: Awaited<ReturnType<typeof insertStepsFunnel>>

  test.beforeEach(async ({ app }) => {
    ctx = app
    seller = await sellerWithFunnel(ctx)
    funnel = await insertStepsFunnel(ctx, seller.sellerId)
  })
  const pay = () => payFirstOrder(ctx, funnel.offer.id, funnel.bump?.id)
  const stats = async (headers = seller.headers) => ctx.app.inject({ url: `/api/v1/free-product/${funnel.offer.id}/stats/`, headers })
  const steps = async () => ((await stats()).json() as OfferStats).after_purchase_steps

  test('a step is shown once however often the page is reloaded; nothing answered yet', async () => {
    const { reference } = await pay()
    for (let reload = 0; reload < 3; reload++) await stateOf(ctx, reference)
    expect(await steps()).toEqual([
      {
        step: 1,
        upsell: { offer_id: funnel.course.id, headline: 'The Course', shown: 1, accepted: 0, declined: 0, take_rate: 0, revenue: '0.00' },
        downsell: {
          offer_id: funnel.lite.id,
          headline: 'The Course Lite',
          shown: 0,
          accepted: 0,
          declined: 0,
          take_rate: 0,
          revenue: '0.00',
        },
      },
      {
        step: 2,
        upsell: { offer_id: funnel.coaching.id, headline: 'Coaching', shown: 0, accepted: 0, declined: 0, take_rate: 0, revenue: '0.00' },
        downsell: null,
      },
    ])
  })

  test('accepted, declined, take rate and revenue; a declined upsell whose downsell is accepted; a refund lowers revenue', async () => {
    // Buyer 1 accepts step 1, declines step 2.
    const first = await pay()
    await stateOf(ctx, first.reference)
    expect((await accept(ctx, first.reference, { step: 1, kind: 'upsell' })).json()).toEqual({ status: 'succeeded' })
    await stateOf(ctx, first.reference)
    await decline(ctx, first.reference, { step: 2, kind: 'upsell' })
    // Buyer 2 declines step 1 and accepts its downsell, then leaves on step 2 (shown, not answered).
    const second = await pay()
    await stateOf(ctx, second.reference)
    await decline(ctx, second.reference, { step: 1, kind: 'upsell' })
    await stateOf(ctx, second.reference)
    expect((await accept(ctx, second.reference, { step: 1, kind: 'downsell' })).json()).toEqual({ status: 'succeeded' })
    await stateOf(ctx, second.reference)

    const [one, two] = await steps()
    expect(one?.upsell).toMatchObject({ shown: 2, accepted: 1, declined: 1, take_rate: 0.5, revenue: '49.00' })
    expect(one?.downsell).toMatchObject({ shown: 1, accepted: 1, declined: 0, take_rate: 1, revenue: '19.00' })
    expect(two?.upsell).toMatchObject({ shown: 2, accepted: 0, declined: 1, take_rate: 0, revenue: '0.00' })
    const before: OfferStats = (await stats()).json()
    expect(before.revenue_per_visitor).toBe(before.revenue_per_view)

    // The seller refunds buyer 1's after-purchase line: it drops out of the step's revenue (D35).
    const order: Order = (await ctx.app.inject({ url: `/api/v1/orders/${first.orderId}/`, headers: seller.headers })).json()
    const line = order.lines.find((candidate) => candidate.kind === 'post_purchase')
    const refunded = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/orders/${first.orderId}/refund/`,
      headers: seller.headers,
      payload: { line_ids: [line?.id] },
    })
    expect(refunded.statusCode).toBe(200)
    const [afterRefund] = await steps()
    expect(afterRefund?.upsell).toMatchObject({ accepted: 1, revenue: '0.00' })
    expect(afterRefund?.downsell).toMatchObject({ revenue: '19.00' })
  })

  test('a range before the offers were shown counts none of them', async () => {
    const { reference } = await pay()
    await stateOf(ctx, reference)
    const response = await ctx.app.inject({
      url: `/api/v1/free-product/${funnel.offer.id}/stats/?from=2020-01-01&to=2020-01-31`,
      headers: seller.headers,
    })
    expect((response.json() as OfferStats).after_purchase_steps[0]?.upsell.shown).toBe(0)
  })

  test("another seller's offer is a 404", async () => {
    const other = await createSellerSession(ctx)
    expect((await stats(other.headers)).statusCode).toBe(404)
  })
})
