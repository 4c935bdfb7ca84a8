import { eq, inArray } from 'drizzle-orm'
import type { TestApp } from '../../../test/build-test-app.js'
import { describe, expect, test } from '../../../test/fixtures.js'
import { configureWebhook } from '../../../test/funnel-factories.js'
import { startReceiver } from '../../../test/http-receiver.js'
import { firstRow } from '../../db/first-row.js'
import { emails } from '../../mail/mail-tables.js'
import { leads } from '../leads/leads-tables.js'
import {
  confirmLocal,
  createIntent,
  createLocalSeller,
  insertFunnel,
  intentEventBody,
  localProviderOf,
  sendWebhook,
} from './checkout-test-kit.js'
import { orders } from './orders-tables.js'

const goodCard = '4242 4242 4242 4242'

// Issue 22: buyers checking out at the same moment share transactions (docs/decisions/checkout-at-campaign-scale.md).
describe('checkouts that arrive together', () => {
  let ctx: TestApp
  let seller: Awaited<ReturnType<typeof createLocalSeller>>
  let funnel: Awaited<ReturnType<typeof insertFunnel>>

  test.beforeEach(async ({ app }) => {
    ctx = app
    seller = await createLocalSeller(ctx)
    funnel = await insertFunnel(ctx, seller.seller.id, { upsell: false })
  })

  test('each buyer gets their own order, lead, payment and one purchase email, and the CRM one order.paid each', async () => {
    const receiver = await startReceiver()
    try {
      await configureWebhook(ctx, seller.seller.id, receiver.url)
      const buyers = Array.from({ length: 12 }, (_, n) => ({ full_name: `Buyer ${n}`, email: `buyer${n}@example.com` }))
      const started = await Promise.all(
        buyers.map((buyer) => createIntent(ctx, { ...buyer, product_id: funnel.offer.id, bump_offer_id: funnel.bump?.id })),
      )
      expect(started.map((response) => response.statusCode)).toEqual(buyers.map(() => 200))
      const intents = started.map((response) => response.json() as { intent_id: string; client_secret: string })
      // Two of them click Pay twice: still one payment each.
      const confirms = [...intents, intents[0], intents[5]].map((intent) =>
        confirmLocal(ctx, { client_secret: intent?.client_secret, card_number: goodCard }),
      )
      expect((await Promise.all(confirms)).map((response) => response.statusCode)).toEqual([...intents, 0, 0].map(() => 200))

      const stored = await ctx.db
        .select()
        .from(orders)
        .where(
          inArray(
            orders.id,
            intents.map((intent) => intent.intent_id),
          ),
        )
      expect(stored).toHaveLength(buyers.length)
      for (const [n, buyer] of buyers.entries()) {
        const order = stored.find((row) => row.id === intents[n]?.intent_id)
        expect(order).toMatchObject({ email: buyer.email, fullName: buyer.full_name, status: 'paid', amountCents: 350 })
        expect(order?.fulfilledAt).toBeInstanceOf(Date)
        const lead = await firstRow(
          ctx.db
            .select()
            .from(leads)
            .where(eq(leads.id, order?.leadId ?? '')),
        )
        expect(lead?.email).toBe(buyer.email)
        const mails = await ctx.db.select().from(emails).where(eq(emails.to, buyer.email))
        expect(mails.map((mail) => mail.kind).sort()).toEqual(['free-download', 'purchase'])
        expect(mails.find((mail) => mail.kind === 'purchase')?.text).toContain(`Hi ${buyer.full_name}`)
      }
      const { rows } = await ctx.pool.query<{ paid: number }>(
        `select count(*)::int as paid from webhook_deliveries where seller_id = $1 and event = 'order.paid'`,
        [seller.seller.id],
      )
      expect(rows[0]?.paid).toBe(buyers.length)
    } finally {
      await receiver.close()
    }
  })

  test('an event whose charge differs from its order is left pending, and the others arriving with it are paid', async () => {
    const provider = await localProviderOf(ctx)
    const started = await Promise.all(
      [0, 1, 2].map((n) =>
        createIntent(ctx, {
          full_name: `Buyer ${n}`,
          email: `odd${n}@example.com`,
          product_id: funnel.offer.id,
          bump_offer_id: funnel.bump?.id,
        }),
      ),
    )
    const placed = await Promise.all(
      started.map(async (response) => firstRow(ctx.db.select().from(orders).where(eq(orders.id, response.json().intent_id)))),
    )
    const bodies = placed.map((order, n) =>
      intentEventBody('payment_intent.succeeded', {
        id: order?.intentId ?? '',
        amount: n === 1 ? 1 : (order?.amountCents ?? 0),
        currency: 'usd',
        account: seller.accountId,
      }),
    )
    const answers = await Promise.all(bodies.map((body) => sendWebhook(ctx, body, provider.signWebhook(body))))
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200])
    const after = await Promise.all(
      placed.map((order) =>
        firstRow(
          ctx.db
            .select()
            .from(orders)
            .where(eq(orders.id, order?.id ?? '')),
        ),
      ),
    )
    expect(after.map((order) => order?.status)).toEqual(['paid', 'pending', 'paid'])
  })
})
