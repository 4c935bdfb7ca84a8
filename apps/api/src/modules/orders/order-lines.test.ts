import { readFileSync } from 'node:fs'
import type { Order } from '@funnelry/shared'
import { eq, sql } from 'drizzle-orm'
import type { TestApp } from '../../../test/build-test-app.js'
import { createSellerSession } from '../../../test/factories.js'
import { describe, expect, test } from '../../../test/fixtures.js'
import { insertFreeOffer, insertUpsell } from '../../../test/funnel-factories.js'
import { upsellOffers } from '../offers/offers-tables.js'
import { paymentAccounts } from '../payments/payments-tables.js'
import type { LocalPaymentProvider } from '../payments/providers/local-provider.js'
import { createIntent, insertFunnel, intentEventBody, localProviderOf, orderOf, sendWebhook, updateIntent } from './checkout-test-kit.js'
import { orderLineRepository } from './order-lines.js'
import { orderLines } from './orders-tables.js'

type Headers = Record<string, string>

describe('order lines (decision D35): what each order paid for', () => {
  let ctx: TestApp
  let provider: LocalPaymentProvider
  let headers: Headers
  let sellerId: string
  let accountId: string
  let funnel: Awaited<ReturnType<typeof insertFunnel>>

  const getOrder = (id: string, as: Headers = headers) => ctx.app.inject({ method: 'GET', url: `/api/v1/orders/${id}/`, headers: as })

  /** A checkout of the bump and the upsell, paid by the provider's event (sent `times` times). */
  async function paidOrder(email: string, times = 1) {
    const { intent_id } = (await createIntent(ctx, { product_id: funnel.offer.id, bump_offer_id: funnel.bump?.id })).json()
    await updateIntent(ctx, { intent_id, full_name: 'Ada Lovelace', email, upsell_offer_id: funnel.upsell?.id, upsell_shown: true })
    const order = await orderOf(ctx, intent_id)
    if (!order) throw new Error('no order')
    const body = intentEventBody('payment_intent.succeeded', {
      id: order.intentId,
      amount: order.amountCents,
      currency: 'usd',
      account: accountId,
    })
    for (let sent = 0; sent < times; sent += 1) expect((await sendWebhook(ctx, body, provider.signWebhook(body))).statusCode).toBe(200)
    return order
  }

  test.beforeEach(async ({ app }) => {
    ctx = app
    provider = await localProviderOf(ctx)
    const session = await createSellerSession(ctx)
    headers = session.headers
    sellerId = session.seller.id
    accountId = `acct_local_lines_${sellerId.slice(0, 8)}`
    await ctx.db.insert(paymentAccounts).values({ sellerId, provider: 'local', accountId, chargesEnabled: true })
    funnel = await insertFunnel(ctx, sellerId, { bump: { headline: 'Workbook' }, upsell: { headline: 'The Course' } })
  })

  test('a paid checkout lists its free offer, bump and upsell at the prices charged, once however often the event comes', async () => {
    const order = await paidOrder('lines@example.com', 3)
    const response = await getOrder(order.id)
    expect(response.statusCode).toBe(200)
    const body: Order = response.json()
    expect(body).toMatchObject({ id: order.id, status: 'paid', amount: '52.50' })
    expect(
      body.lines.map(({ kind, offer_id, headline, amount, currency, status }) => ({ kind, offer_id, headline, amount, currency, status })),
    ).toEqual([
      { kind: 'free', offer_id: funnel.offer.id, headline: 'Seven Recipes', amount: '0.00', currency: 1, status: 'paid' },
      { kind: 'bump', offer_id: funnel.bump?.id, headline: 'Workbook', amount: '3.50', currency: 1, status: 'paid' },
      { kind: 'upsell', offer_id: funnel.upsell?.id, headline: 'The Course', amount: '49.00', currency: 1, status: 'paid' },
    ])
    // Each paid line is refunded against the payment that charged it.
    const stored = await ctx.db.select().from(orderLines).where(eq(orderLines.orderId, order.id))
    expect(stored.filter((line) => line.kind !== 'free').map((line) => line.paymentRef)).toEqual([order.intentId, order.intentId])
    expect(stored.find((line) => line.kind === 'free')?.paymentRef).toBeNull()
  })

  test('an order not paid yet has no lines; the orders list carries each row’s lines', async () => {
    const paid = await paidOrder('listed@example.com')
    const { intent_id: openId } = (
      await createIntent(ctx, {
        product_id: funnel.offer.id,
        bump_offer_id: funnel.bump?.id,
        full_name: 'Open Olga',
        email: 'open@example.com',
      })
    ).json()
    const list = await ctx.app.inject({ method: 'GET', url: '/api/v1/orders/', headers })
    expect(list.statusCode).toBe(200)
    const rows: Order[] = list.json().results
    expect(rows.find((row) => row.id === paid.id)?.lines.map((line) => line.kind)).toEqual(['free', 'bump', 'upsell'])
    expect(rows.find((row) => row.id === openId)?.lines).toEqual([])
  })

  test('a checkout with nothing to pay has its free line only', async () => {
    const response = await createIntent(ctx, {
      product_id: funnel.offer.id,
      full_name: 'Free Fred',
      email: 'free@example.com',
      upsell_shown: true,
    })
    const { intent_id } = response.json()
    const body: Order = (await getOrder(intent_id)).json()
    expect(body.lines).toEqual([expect.objectContaining({ kind: 'free', amount: '0.00', status: 'paid' })])
  })

  test('lines keep the headline they were bought under when the offer changes', async () => {
    const order = await paidOrder('renamed@example.com')
    await ctx.db
      .update(upsellOffers)
      .set({ headline: 'The Course, 2nd edition' })
      .where(eq(upsellOffers.id, funnel.upsell?.id ?? ''))
    const body: Order = (await getOrder(order.id)).json()
    expect(body.lines.find((line) => line.kind === 'upsell')?.headline).toBe('The Course')
  })

  test('addPostPurchaseLine stores one line per order and offer, whatever the repeats', async () => {
    const order = await paidOrder('after@example.com')
    const extra = await insertUpsell(ctx, sellerId, { headline: 'Coaching call' })
    const line = {
      orderId: order.id,
      offerId: extra.id,
      headline: 'Coaching call',
      amountCents: 9900,
      currency: 1,
      paymentRef: 'pi_local_after',
    }
    const stored = await Promise.all([1, 2, 3].map(() => orderLineRepository.addPostPurchaseLine(ctx.db, line)))
    expect(new Set(stored.map((row) => row.id)).size).toBe(1)
    const body: Order = (await getOrder(order.id)).json()
    expect(body.lines.map((row) => [row.kind, row.amount])).toEqual([
      ['free', '0.00'],
      ['bump', '3.50'],
      ['upsell', '49.00'],
      ['post_purchase', '99.00'],
    ])
  })

  test('another seller’s order, a malformed id and an unknown one are not found', async () => {
    const order = await paidOrder('mine@example.com')
    const other = await createSellerSession(ctx)
    await insertFreeOffer(ctx, other.seller.id)
    for (const [id, as] of [
      [order.id, other.headers],
      ['not-an-id', headers],
      ['00000000-0000-4000-8000-000000000000', headers],
    ] as const) {
      const response = await getOrder(id, as)
      expect(response.statusCode).toBe(404)
      expect(response.json()).toEqual({ detail: expect.any(String) })
    }
  })

  test('migration 0023 gives every order already paid the same lines, and leaves the others without', async () => {
    const paid = await paidOrder('before@example.com')
    const { intent_id: openId } = (
      await createIntent(ctx, {
        product_id: funnel.offer.id,
        bump_offer_id: funnel.bump?.id,
        full_name: 'Open Olga',
        email: 'open2@example.com',
      })
    ).json()
    const written = await ctx.db.select().from(orderLines).where(eq(orderLines.orderId, paid.id))
    await ctx.db.delete(orderLines)
    const migration = readFileSync(new URL('../../db/migrations/0023_order_lines.sql', import.meta.url), 'utf8')
    const backfill = migration.split('--> statement-breakpoint').find((statement) => statement.includes('Every order already paid')) ?? ''
    await ctx.db.execute(sql.raw(backfill))
    const backfilled = await ctx.db.select().from(orderLines)
    const comparable = (rows: typeof written) =>
      rows.map(({ kind, offerId, headline, amountCents, currency, status, paymentRef }) => ({
        kind,
        offerId,
        headline,
        amountCents,
        currency,
        status,
        paymentRef,
      }))
    expect(comparable(backfilled.filter((line) => line.orderId === paid.id))).toEqual(expect.arrayContaining(comparable(written)))
    expect(backfilled.filter((line) => line.orderId === paid.id)).toHaveLength(3)
    expect(backfilled.filter((line) => line.orderId === openId)).toEqual([])
  })
})
