import { localTestCards, paymentMessages } from '@funnelry/shared'
import { eq } from 'drizzle-orm'
import type { TestApp } from '../../../test/build-test-app.js'
import { describe, expect, test } from '../../../test/fixtures.js'
import { firstRow } from '../../db/first-row.js'
import { cardTestingMessages } from '../payments/payments-module.js'
import { localPaymentIntents } from '../payments/payments-tables.js'
import { confirmLocal, createIntent, createLocalSeller, emailsTo, insertFunnel, orderOf, updateIntent } from './checkout-test-kit.js'
import { orders } from './orders-tables.js'

/** Decision D24: buyers sharing an address all pay; card testing ends by its declines. */
describe('checkout from one shared address (a carrier, an office)', () => {
  let ctx: TestApp
  let funnel: Awaited<ReturnType<typeof insertFunnel>>
  const carrier = '198.51.100.7'
  let buyers = 0

  test.beforeEach(async ({ app }) => {
    ctx = app
    funnel = await insertFunnel(ctx, (await createLocalSeller(ctx)).seller.id)
  })

  const nextBuyer = () => {
    buyers += 1
    return `buyer${buyers}@example.com`
  }

  /** One buyer's checkout from the carrier's address: the bump, then the upsell, then a card. */
  const checkout = async (cardNumber: string, email = nextBuyer()) => {
    const created = await createIntent(
      ctx,
      { full_name: 'Buyer', email, product_id: funnel.offer.id, bump_offer_id: funnel.bump?.id },
      carrier,
    )
    if (created.statusCode !== 200) return { email, created, confirmed: null }
    const intent = created.json() as { intent_id: string; client_secret: string }
    const updated = await updateIntent(
      ctx,
      { intent_id: intent.intent_id, upsell_offer_id: funnel.upsell?.id, upsell_shown: true },
      carrier,
    )
    const secret = (updated.json() as { client_secret: string }).client_secret
    const confirmed = await confirmLocal(ctx, { client_secret: secret, card_number: cardNumber }, carrier)
    return { email, created, intent, secret, confirmed }
  }

  test('40 distinct buyers from one address all pay, each one order and one purchase email', async () => {
    const results = await Promise.all(Array.from({ length: 40 }, () => checkout(localTestCards.succeeds)))
    expect(results.map(({ confirmed }) => confirmed?.statusCode)).toEqual(Array(40).fill(200))
    for (const { email } of results) {
      const theirs = await ctx.db.select().from(orders).where(eq(orders.email, email))
      expect(theirs.map((order) => [order.status, order.amountCents])).toEqual([['paid', 5250]])
      expect((await emailsTo(ctx, email)).filter((mail) => mail.kind === 'purchase')).toHaveLength(1)
    }
  })

  test('a declined-card loop on one intent ends after 5 declines, and a good buyer from the same address still pays', async () => {
    const first = await checkout(localTestCards.declined)
    const statuses = [first.confirmed?.statusCode]
    const again = () => confirmLocal(ctx, { client_secret: first.secret, card_number: localTestCards.declined }, carrier)
    for (let attempt = 2; attempt <= 6; attempt += 1) statuses.push((await again()).statusCode)
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429])
    const refused = await again()
    expect(refused.json()).toEqual({ detail: cardTestingMessages.intentEnded })
    expect(refused.headers['retry-after']).toBeDefined()
    // Ended at the provider too: even the good card cannot pay it, and an update does not replace it.
    expect((await confirmLocal(ctx, { client_secret: first.secret, card_number: localTestCards.succeeds }, carrier)).statusCode).toBe(429)
    const intentId = (await orderOf(ctx, first.intent?.intent_id ?? ''))?.intentId ?? ''
    expect(await firstRow(ctx.db.select().from(localPaymentIntents).where(eq(localPaymentIntents.id, intentId)))).toMatchObject({
      status: 'canceled',
    })
    const update = await updateIntent(ctx, { intent_id: first.intent?.intent_id, bump_offer_id: null }, carrier)
    expect(update.statusCode).toBe(429)
    expect(update.json()).toEqual({ detail: cardTestingMessages.intentEnded })

    const good = await checkout(localTestCards.succeeds)
    expect(good.confirmed?.statusCode).toBe(200)
    expect(good.confirmed?.json()).toEqual({ status: 'succeeded' })
  })

  test('an email with 10 declines is refused a new checkout, a card with 10 is refused, other buyers pay', async () => {
    const tester = 'tester@example.com'
    for (let round = 0; round < 2; round += 1) {
      const { secret } = await checkout(localTestCards.declined, tester)
      for (let attempt = 2; attempt <= 5; attempt += 1) {
        const response = await confirmLocal(ctx, { client_secret: secret, card_number: localTestCards.declined }, carrier)
        expect(response.json()).toMatchObject({ status: 'failed', error: paymentMessages.cardDeclined })
      }
    }
    const byEmail = await checkout(localTestCards.succeeds, 'Tester@Example.com')
    expect(byEmail.created.statusCode).toBe(429)
    expect(byEmail.created.json()).toEqual({ detail: expect.stringContaining(cardTestingMessages.emailRefused) })

    // The declined card was tried 10 times: from another email it is refused before it is tried.
    const byCard = await checkout(localTestCards.declined)
    expect(byCard.confirmed?.statusCode).toBe(429)
    expect(byCard.confirmed?.json()).toEqual({ detail: expect.stringContaining(cardTestingMessages.cardRefused) })

    const good = await checkout(localTestCards.succeeds)
    expect(good.confirmed?.json()).toEqual({ status: 'succeeded' })
  })
})
