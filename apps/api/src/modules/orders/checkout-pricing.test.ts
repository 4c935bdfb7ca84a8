import { paymentMessages } from '@funnelry/shared'
import { eq } from 'drizzle-orm'
import type { TestApp } from '../../../test/build-test-app.js'
import { createSeller } from '../../../test/factories.js'
import { describe, expect, test } from '../../../test/fixtures.js'
import { insertBump, insertUpsell } from '../../../test/funnel-factories.js'
import { firstRow } from '../../db/first-row.js'
import { localPaymentIntents } from '../payments/payments-tables.js'
import { createIntent, createLocalSeller, emailsTo, insertFunnel, orderOf, visitor } from './checkout-test-kit.js'
import { orders } from './orders-tables.js'

describe('creating a payment intent: the server prices the order', () => {
  let ctx: TestApp
  let sellerId: string
  let funnel: Awaited<ReturnType<typeof insertFunnel>>
  let bumpId: string
  let upsellId: string

  test.beforeEach(async ({ app }) => {
    ctx = app
    sellerId = (await createLocalSeller(ctx)).seller.id
    funnel = await insertFunnel(ctx, sellerId)
    bumpId = funnel.bump?.id ?? ''
    upsellId = funnel.upsell?.id ?? ''
  })

  const create = (choices: Record<string, unknown>) => createIntent(ctx, { ...visitor, product_id: funnel.offer.id, ...choices })

  test.each([
    ['the bump only', { bump_offer_id: 'bump' }, '3.50', 350],
    ['the upsell only', { upsell_offer_id: 'upsell', upsell_shown: true }, '49.00', 4900],
    ['the bump and the upsell', { bump_offer_id: 'bump', upsell_offer_id: 'upsell', upsell_shown: true }, '52.50', 5250],
  ])('charges %s from the database prices', async (_case, choice, amount, cents) => {
    const choices = Object.fromEntries(
      Object.entries(choice).map(([key, value]) => [key, value === 'bump' ? bumpId : value === 'upsell' ? upsellId : value]),
    )
    const response = await create(choices)
    expect(response.statusCode).toBe(200)
    const body = response.json()
    expect(body).toEqual({
      intent_id: expect.any(String),
      client_secret: expect.stringMatching(/^pi_local_\w+_secret_\w+$/),
      amount,
      currency: 1,
      provider: 'local',
      order_reference: expect.stringMatching(/^[\w-]{22}$/),
    })

    const order = await orderOf(ctx, body.intent_id)
    expect(order).toMatchObject({
      sellerId,
      freeOfferId: funnel.offer.id,
      fullName: 'Ada Lovelace',
      email: 'ada@example.com',
      bumpOfferId: choices.bump_offer_id ?? null,
      upsellOfferId: choices.upsell_offer_id ?? null,
      bumpPriceCents: choices.bump_offer_id ? 350 : null,
      upsellPriceCents: choices.upsell_offer_id ? 4900 : null,
      upsellShown: choices.upsell_shown ?? false,
      amountCents: cents,
      currency: 1,
      status: 'pending',
      provider: 'local',
      paidAt: null,
      receiptToken: body.order_reference,
    })
    const intent = await firstRow(
      ctx.db
        .select()
        .from(localPaymentIntents)
        .where(eq(localPaymentIntents.id, order?.intentId ?? '')),
    )
    expect(intent).toMatchObject({
      amountCents: cents,
      currency: 'usd',
      status: 'requires_payment_method',
      clientSecret: body.client_secret,
    })
    expect(intent?.metadata).toEqual({ order_id: body.intent_id, free_offer_id: funnel.offer.id })
    expect(intent?.idempotencyKey).toBe(`order-${body.intent_id}-create`)
  })

  test('completes a free order at once when nothing is bought (decision D11) and queues the free download email', async () => {
    const intentsBefore = (await ctx.db.select().from(localPaymentIntents)).length
    const response = await createIntent(ctx, {
      full_name: 'Free Rider',
      email: 'free@example.com',
      product_id: funnel.offer.id,
      upsell_shown: true,
    })
    expect(response.statusCode).toBe(200)
    const body = response.json()
    expect(body).toEqual({
      intent_id: expect.any(String),
      client_secret: null,
      amount: '0.00',
      currency: 1,
      provider: 'none',
      order_reference: expect.stringMatching(/^[\w-]{22}$/),
    })

    const order = await orderOf(ctx, body.intent_id)
    expect(order).toMatchObject({ status: 'paid', provider: 'none', amountCents: 0, intentId: `free_${body.intent_id}`, upsellShown: true })
    expect(order?.paidAt).toBeInstanceOf(Date)
    expect(order?.fulfilledAt).toBeInstanceOf(Date)
    expect(order?.leadId).toEqual(expect.any(String))

    const [mail, ...more] = await emailsTo(ctx, 'free@example.com')
    expect(more).toHaveLength(0)
    expect(mail).toMatchObject({ kind: 'free-download', status: 'queued' })
    expect(mail?.subject).toMatch(/^Your free download from Business \d+$/)
    expect(mail?.text).toContain('Seven Recipes: https://files.example/recipes.pdf')
    expect(mail?.text).not.toContain('checklist')
    // No provider intent: there is nothing to charge.
    expect(await ctx.db.select().from(localPaymentIntents)).toHaveLength(intentsBefore)
  })

  test('needs no payment account for a free order', async () => {
    const { seller } = await createSeller(ctx)
    const free = await insertFunnel(ctx, seller.id)
    const response = await createIntent(ctx, { ...visitor, product_id: free.offer.id })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({ provider: 'none', amount: '0.00' })
  })

  test('refuses a bump or an upsell that is not attached to this offer, with a field error', async () => {
    const loose = await insertBump(ctx, sellerId)
    const looseUpsell = await insertUpsell(ctx, sellerId)
    const other = await createLocalSeller(ctx)
    const foreign = await insertFunnel(ctx, other.seller.id)

    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [{ bump_offer_id: loose.id }, { bump_offer_id: [paymentMessages.bumpNotOffered] }],
      [{ upsell_offer_id: looseUpsell.id }, { upsell_offer_id: [paymentMessages.upsellNotOffered] }],
      [{ bump_offer_id: foreign.bump?.id }, { bump_offer_id: [paymentMessages.bumpNotOffered] }],
      // The bump id in the upsell field (and the other way round) is not a way in either.
      [
        { bump_offer_id: upsellId, upsell_offer_id: bumpId },
        { bump_offer_id: [paymentMessages.bumpNotOffered], upsell_offer_id: [paymentMessages.upsellNotOffered] },
      ],
      [{ bump_offer_id: 'not-an-id' }, { bump_offer_id: [paymentMessages.bumpNotOffered] }],
    ]
    const before = (await ctx.db.select().from(orders)).length
    for (const [choices, errors] of cases) {
      const response = await create(choices)
      expect(response.statusCode).toBe(400)
      expect(response.json()).toEqual({ detail: expect.any(String), ...errors })
    }
    expect(await ctx.db.select().from(orders)).toHaveLength(before)
  })

  test('refuses any amount the client sends, and other unknown fields', async () => {
    const response = await create({ bump_offer_id: bumpId, amount: 1, price: '0.01' })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({
      detail: expect.any(String),
      amount: ['This field is not accepted here.'],
      price: ['This field is not accepted here.'],
    })
  })

  test('answers with the visitor-details messages of the spec', async () => {
    const missing = await createIntent(ctx, { full_name: ' ', email: '', product_id: funnel.offer.id })
    expect(missing.statusCode).toBe(400)
    expect(missing.json()).toEqual({
      detail: expect.any(String),
      full_name: ['Full Name is required'],
      email: ['Email Address is required'],
    })
    const malformed = await createIntent(ctx, { full_name: 'A', email: 'nope', product_id: funnel.offer.id })
    expect(malformed.json()).toEqual({ detail: expect.any(String), email: ['Invalid email'] })
  })

  test('uses the currency of the attached offers, for paid and free orders', async () => {
    const euros = await insertFunnel(ctx, sellerId, {
      bump: { currency: 2, priceCents: 1000 },
      upsell: { currency: 2, priceCents: 2000 },
    })
    const paid = await createIntent(ctx, {
      ...visitor,
      product_id: euros.offer.id,
      bump_offer_id: euros.bump?.id,
      upsell_offer_id: euros.upsell?.id,
    })
    expect(paid.json()).toMatchObject({ amount: '30.00', currency: 2, provider: 'local' })
    const order = await orderOf(ctx, paid.json().intent_id)
    const intent = await firstRow(
      ctx.db
        .select()
        .from(localPaymentIntents)
        .where(eq(localPaymentIntents.id, order?.intentId ?? '')),
    )
    expect(intent?.currency).toBe('eur')

    const free = await createIntent(ctx, { ...visitor, product_id: euros.offer.id })
    expect(free.json()).toMatchObject({ amount: '0.00', currency: 2, provider: 'none' })

    const pounds = await insertFunnel(ctx, sellerId, { bump: false, upsell: { currency: 3 } })
    expect((await createIntent(ctx, { ...visitor, product_id: pounds.offer.id })).json()).toMatchObject({ currency: 3 })
    const bare = await insertFunnel(ctx, sellerId, { bump: false, upsell: false })
    expect((await createIntent(ctx, { ...visitor, product_id: bare.offer.id })).json()).toMatchObject({ currency: 1, amount: '0.00' })
  })

  test('refuses inactive and unknown offers', async () => {
    const inactive = await insertFunnel(ctx, sellerId, { isActive: false })
    for (const choices of [{}, { bump_offer_id: inactive.bump?.id }]) {
      const response = await createIntent(ctx, { ...visitor, product_id: inactive.offer.id, ...choices })
      expect(response.statusCode).toBe(400)
      expect(response.json()).toEqual({ detail: expect.any(String), error: 'Offer is not available' })
    }
    const unknown = await createIntent(ctx, { ...visitor, product_id: crypto.randomUUID() })
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json()).toEqual({ detail: paymentMessages.offerNotFound })
  })

  test('refuses to charge for a seller that cannot take payments yet', async () => {
    const pending = await createLocalSeller(ctx, { chargesEnabled: false })
    const unconnected = await createSeller(ctx)
    for (const sellerWithout of [pending.seller.id, unconnected.seller.id]) {
      const shop = await insertFunnel(ctx, sellerWithout)
      const response = await createIntent(ctx, { ...visitor, product_id: shop.offer.id, bump_offer_id: shop.bump?.id })
      expect(response.statusCode).toBe(400)
      expect(response.json()).toEqual({ detail: expect.any(String), error: 'This seller cannot take payments yet.' })
      expect(await ctx.db.select().from(orders).where(eq(orders.freeOfferId, shop.offer.id))).toHaveLength(0)
    }
  })
})
