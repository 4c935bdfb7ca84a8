import { paymentMessages } from '@funnelry/shared'
import { eq } from 'drizzle-orm'
import type { TestApp } from '../../../test/build-test-app.js'
import { describe, expect, test } from '../../../test/fixtures.js'
import { insertBump } from '../../../test/funnel-factories.js'
import { firstRow } from '../../db/first-row.js'
import { freeOffers } from '../offers/offers-tables.js'
import { localPaymentIntents, paymentAccounts } from '../payments/payments-tables.js'
import { confirmLocal, createIntent, createLocalSeller, insertFunnel, orderOf, updateIntent, visitor } from './checkout-test-kit.js'
import { orders } from './orders-tables.js'

describe('updating a payment intent', () => {
  let ctx: TestApp
  let sellerId: string
  let funnel: Awaited<ReturnType<typeof insertFunnel>>
  let bumpId: string
  let upsellId: string

  const localIntent = (id: string) => firstRow(ctx.db.select().from(localPaymentIntents).where(eq(localPaymentIntents.id, id)))
  /**
   * The spec's flow: the bump ticked before the visitor typed their details makes a draft (D20), and
   * the details' submit turns it into an order with a payment intent.
   */
  const early = async () => {
    const draft = await createIntent(ctx, { product_id: funnel.offer.id, bump_offer_id: bumpId })
    expect(draft.statusCode).toBe(200)
    const response = await updateIntent(ctx, { intent_id: draft.json().intent_id, ...visitor })
    expect(response.statusCode).toBe(200)
    return response.json() as { intent_id: string; client_secret: string; order_reference: string }
  }

  test.beforeEach(async ({ app }) => {
    ctx = app
    sellerId = (await createLocalSeller(ctx)).seller.id
    funnel = await insertFunnel(ctx, sellerId)
    bumpId = funnel.bump?.id ?? ''
    upsellId = funnel.upsell?.id ?? ''
  })

  test('re-prices the same intent as choices and details change', async () => {
    const created = await early()
    const response = await updateIntent(ctx, {
      intent_id: created.intent_id,
      ...visitor,
      bump_offer_id: bumpId,
      upsell_offer_id: upsellId,
      upsell_shown: true,
    })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({
      intent_id: created.intent_id,
      client_secret: created.client_secret,
      amount: '52.50',
      currency: 1,
      provider: 'local',
      order_reference: created.order_reference,
    })
    const order = await orderOf(ctx, created.intent_id)
    expect(order).toMatchObject({
      fullName: 'Ada Lovelace',
      email: 'ada@example.com',
      amountCents: 5250,
      upsellShown: true,
      status: 'pending',
    })
    expect(await localIntent(order?.intentId ?? '')).toMatchObject({ amountCents: 5250, status: 'requires_payment_method' })

    // Fields left out keep the earlier choice; "shown" cannot be taken back.
    const kept = await updateIntent(ctx, { intent_id: created.intent_id, ...visitor, upsell_shown: false })
    expect(kept.json()).toMatchObject({ amount: '52.50' })
    expect(await orderOf(ctx, created.intent_id)).toMatchObject({ bumpOfferId: bumpId, upsellOfferId: upsellId, upsellShown: true })

    const unticked = await updateIntent(ctx, { intent_id: created.intent_id, ...visitor, bump_offer_id: null })
    expect(unticked.json()).toMatchObject({ amount: '49.00', client_secret: created.client_secret })
  })

  test('drops the provider intent when the total goes to 0 and makes a new one when it comes back', async () => {
    const created = await early()
    const first = await orderOf(ctx, created.intent_id)

    // Details left out keep the ones the order has.
    const zero = await updateIntent(ctx, { intent_id: created.intent_id, bump_offer_id: null })
    expect(zero.statusCode).toBe(200)
    expect(zero.json()).toEqual({
      intent_id: created.intent_id,
      client_secret: null,
      amount: '0.00',
      currency: 1,
      provider: 'none',
      order_reference: created.order_reference,
    })
    // Still an open order: only the create call completes a free order (D11).
    expect(await orderOf(ctx, created.intent_id)).toMatchObject({
      status: 'pending',
      provider: 'none',
      amountCents: 0,
      paidAt: null,
      fullName: 'Ada Lovelace',
    })
    expect(await localIntent(first?.intentId ?? '')).toMatchObject({ status: 'canceled' })
    // The old client secret can no longer pay for what the visitor unticked.
    const stale = await confirmLocal(ctx, { client_secret: created.client_secret, card_number: '4242424242424242' })
    expect(stale.statusCode).toBe(400)
    expect(stale.json()).toEqual({ detail: expect.any(String), status: 'failed', error: 'This payment is closed. Please reload the page.' })

    const again = await updateIntent(ctx, { intent_id: created.intent_id, ...visitor, bump_offer_id: bumpId })
    expect(again.statusCode).toBe(200)
    const body = again.json()
    expect(body).toMatchObject({ intent_id: created.intent_id, amount: '3.50', provider: 'local' })
    expect(body.client_secret).toEqual(expect.stringMatching(/^pi_local_/))
    expect(body.client_secret).not.toBe(created.client_secret)
    const order = await orderOf(ctx, created.intent_id)
    expect(order).toMatchObject({ provider: 'local', amountCents: 350 })
    const replacement = await localIntent(order?.intentId ?? '')
    expect(replacement).toMatchObject({ status: 'requires_payment_method', clientSecret: body.client_secret, amountCents: 350 })
    expect(replacement?.idempotencyKey).toBe(`order-${created.intent_id}-after-${first?.intentId}-350-1`)

    const paid = await confirmLocal(ctx, { client_secret: body.client_secret, card_number: '4242 4242 4242 4242' })
    expect(paid.json()).toEqual({ status: 'succeeded' })
    expect(await orderOf(ctx, created.intent_id)).toMatchObject({ status: 'paid', amountCents: 350 })
  })

  test('completes the open order the visitor emptied as the free order, rather than adding a second one', async () => {
    const email = 'unticked@example.com'
    const draft = await createIntent(ctx, { product_id: funnel.offer.id, bump_offer_id: bumpId })
    const created = (await updateIntent(ctx, { intent_id: draft.json().intent_id, ...visitor, email })).json()
    // The card is declined, then the visitor unticks the bump and takes the free download only.
    const declined = await confirmLocal(ctx, { client_secret: created.client_secret, card_number: '4000 0000 0000 0002' })
    expect(declined.json()).toMatchObject({ status: 'failed' })
    expect((await updateIntent(ctx, { intent_id: created.intent_id, bump_offer_id: null })).json()).toMatchObject({ amount: '0.00' })

    const free = await createIntent(ctx, { product_id: funnel.offer.id, ...visitor, email: 'Unticked@Example.com' })
    expect(free.statusCode).toBe(200)
    expect(free.json()).toMatchObject({ intent_id: created.intent_id, amount: '0.00', provider: 'none' })
    const offerOrders = await ctx.db.select().from(orders).where(eq(orders.freeOfferId, funnel.offer.id))
    const visitorOrders = offerOrders.filter((order) => order.email?.toLowerCase() === email)
    expect(visitorOrders).toEqual([expect.objectContaining({ id: created.intent_id, status: 'paid', amountCents: 0, bumpOfferId: null })])
  })

  test('answers 400 once the order is paid, or once the provider says it is being paid', async () => {
    const created = await early()
    expect((await confirmLocal(ctx, { client_secret: created.client_secret, card_number: '4242424242424242' })).statusCode).toBe(200)
    const paid = await updateIntent(ctx, { intent_id: created.intent_id, ...visitor, upsell_offer_id: upsellId })
    expect(paid.statusCode).toBe(400)
    expect(paid.json()).toEqual({ detail: expect.any(String), error: 'This payment is already complete.' })
    expect(await orderOf(ctx, created.intent_id)).toMatchObject({ upsellOfferId: null, amountCents: 350 })

    // Paid at the provider, its event not handled yet: the provider's refusal reads the same.
    const racing = await early()
    const order = await orderOf(ctx, racing.intent_id)
    await ctx.db
      .update(localPaymentIntents)
      .set({ status: 'succeeded' })
      .where(eq(localPaymentIntents.id, order?.intentId ?? ''))
    for (const bump of [null, bumpId]) {
      const refused = await updateIntent(ctx, { intent_id: racing.intent_id, ...visitor, bump_offer_id: bump })
      expect(refused.statusCode).toBe(400)
      expect(refused.json()).toEqual({ detail: expect.any(String), error: paymentMessages.alreadyComplete })
    }
    expect(await orderOf(ctx, racing.intent_id)).toMatchObject({ provider: 'local', amountCents: 350, bumpOfferId: bumpId })

    // A free order is complete from the moment it is created.
    const free = await createIntent(ctx, { ...visitor, product_id: funnel.offer.id })
    const upgrade = await updateIntent(ctx, { intent_id: free.json().intent_id, ...visitor, bump_offer_id: bumpId })
    expect(upgrade.statusCode).toBe(400)
    expect(upgrade.json()).toEqual({ detail: expect.any(String), error: paymentMessages.alreadyComplete })
  })

  test('answers 404 for an intent it does not know', async () => {
    for (const intentId of [crypto.randomUUID(), 'pi_local_unknown']) {
      const response = await updateIntent(ctx, { intent_id: intentId, ...visitor })
      expect(response.statusCode).toBe(404)
      expect(response.json()).toEqual({ detail: paymentMessages.intentNotFound })
    }
  })

  test('applies the same rules as creation: attached offers only, active offers only, a seller who can be paid', async () => {
    const created = await early()
    const loose = await insertBump(ctx, sellerId)
    const foreign = await updateIntent(ctx, { intent_id: created.intent_id, ...visitor, bump_offer_id: loose.id })
    expect(foreign.statusCode).toBe(400)
    expect(foreign.json()).toEqual({ detail: expect.any(String), bump_offer_id: [paymentMessages.bumpNotOffered] })
    const amount = await updateIntent(ctx, { intent_id: created.intent_id, ...visitor, amount_cents: 1 })
    expect(amount.json()).toEqual({ detail: expect.any(String), amount_cents: ['This field is not accepted here.'] })
    expect(await orderOf(ctx, created.intent_id)).toMatchObject({ bumpOfferId: bumpId, amountCents: 350 })

    const other = await createLocalSeller(ctx)
    const shop = await insertFunnel(ctx, other.seller.id)
    const open = (await createIntent(ctx, { ...visitor, product_id: shop.offer.id, bump_offer_id: shop.bump?.id })).json()
    await ctx.db.update(paymentAccounts).set({ chargesEnabled: false }).where(eq(paymentAccounts.sellerId, other.seller.id))
    const notReady = await updateIntent(ctx, { intent_id: open.intent_id, ...visitor, upsell_offer_id: shop.upsell?.id })
    expect(notReady.statusCode).toBe(400)
    expect(notReady.json()).toEqual({ detail: expect.any(String), error: paymentMessages.sellerCannotTakePayments })

    await ctx.db.update(freeOffers).set({ isActive: false }).where(eq(freeOffers.id, shop.offer.id))
    const inactive = await updateIntent(ctx, { intent_id: open.intent_id, ...visitor })
    expect(inactive.statusCode).toBe(400)
    expect(inactive.json()).toEqual({ detail: expect.any(String), error: 'Offer is not available' })
  })

  test('keeps one outcome when the page sends quick updates at once', async () => {
    const created = await early()
    const choices = [null, bumpId, null, bumpId, null]
    const responses = await Promise.all(
      choices.map((bump) => updateIntent(ctx, { intent_id: created.intent_id, ...visitor, bump_offer_id: bump })),
    )
    expect(responses.map((response) => response.statusCode)).toEqual([200, 200, 200, 200, 200])
    // Whatever order they ran in, the order and its intent agree.
    const consistent = async () => {
      const order = await orderOf(ctx, created.intent_id)
      if (order?.amountCents === 0) return order.provider === 'none'
      const intent = await localIntent(order?.intentId ?? '')
      return intent?.status === 'requires_payment_method' && intent.amountCents === order?.amountCents
    }
    expect(await consistent()).toBe(true)
    const last = await updateIntent(ctx, { intent_id: created.intent_id, ...visitor, bump_offer_id: bumpId, upsell_offer_id: upsellId })
    expect(last.json()).toMatchObject({ amount: '52.50', provider: 'local' })
    expect(await consistent()).toBe(true)
    const paid = await confirmLocal(ctx, { client_secret: last.json().client_secret, card_number: '4242424242424242' })
    expect(paid.json()).toEqual({ status: 'succeeded' })
    expect(await orderOf(ctx, created.intent_id)).toMatchObject({ status: 'paid', amountCents: 5250 })
  })
})
