import { eq } from 'drizzle-orm'
import pg from 'pg'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, eventually, type TestApp, testJwtSecret } from '../../../test/build-test-app.js'
import { buildApiIfChanged, type CompiledProcess, runCompiled } from '../../../test/compiled-process.js'
import { createSellerSession } from '../../../test/factories.js'
import { freePort } from '../../../test/free-port.js'
import { configureWebhook } from '../../../test/funnel-factories.js'
import { startReceiver } from '../../../test/http-receiver.js'
import { startStripeStandIn } from '../../../test/stripe-stand-in.js'
import { firstRow } from '../../db/first-row.js'
import { localPaymentIntents, paymentAccounts } from '../payments/payments-tables.js'
import { createIntent, createLocalSeller, emailsTo, insertFunnel, orderOf, visitor } from './checkout-test-kit.js'

const stripeEnv = (url: string) => ({
  STRIPE_SECRET_KEY: 'sk_test_standin',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_standin',
  STRIPE_API_URL: url,
})

// Issue 23: a payment that succeeded while the server was down stayed Pending.
describe('a payment that succeeded while no server could handle it', () => {
  const closers: (() => Promise<void>)[] = []
  beforeAll(buildApiIfChanged, 120_000)
  afterEach(async () => {
    for (const close of closers.splice(0).reverse()) await close()
  })

  /** The server as `npm start` runs it (API and job workers) on the test's database. */
  const startServer = async (ctx: TestApp, env: Record<string, string> = {}): Promise<CompiledProcess & { url: string }> => {
    const port = await freePort()
    const url = `http://127.0.0.1:${port}`
    const server = runCompiled('server.js', [], {
      DATABASE_URL: ctx.config.DATABASE_URL ?? '',
      DATA_DIR: ctx.config.dataDir,
      JWT_SECRET: testJwtSecret,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      ALLOW_PRIVATE_WEBHOOKS: 'true',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      ...env,
    })
    closers.push(server.stop)
    await eventually(async () => (await fetch(`${url}/api/v1/health/`).catch(() => undefined))?.ok, 60_000).catch((error: Error) => {
      throw new Error(`${error.message}\n${server.output()}`)
    })
    return { ...server, url }
  }

  /** Paid, with the purchase email stored and the order.paid webhook received by the seller's CRM. */
  const settled = async (ctx: TestApp, orderId: string, crm: Awaited<ReturnType<typeof startReceiver>>) => {
    await eventually(async () => {
      const paid = (await orderOf(ctx, orderId))?.status === 'paid'
      const emailed = (await emailsTo(ctx, visitor.email.toLowerCase())).some((mail) => mail.kind === 'purchase')
      const notified = crm.requests.some((request) => JSON.parse(request.body).event === 'order.paid')
      return paid && emailed && notified
    }, 45_000)
  }

  it('with the local provider: the server killed after the payment was recorded settles it when it starts again', async () => {
    const ctx = await createTestApp()
    closers.push(ctx.close)
    const crm = await startReceiver()
    closers.push(crm.close)
    const { seller } = await createLocalSeller(ctx)
    const funnel = await insertFunnel(ctx, seller.id)
    await configureWebhook(ctx, seller.id, crm.url)
    const order = (await createIntent(ctx, { ...visitor, product_id: funnel.offer.id, bump_offer_id: funnel.bump?.id })).json() as {
      intent_id: string
      client_secret: string
    }

    // Hold the order's row, so the server stops between recording the payment and settling the order.
    const holder = new pg.Client({ connectionString: ctx.config.DATABASE_URL })
    await holder.connect()
    closers.push(() => holder.end())
    await holder.query('begin')
    await holder.query('select 1 from orders where id = $1 for update', [order.intent_id])

    const first = await startServer(ctx)
    // Cleanup stops the servers after this (closers run in reverse): a server waiting on the row
    // would not stop while the row is held.
    closers.push(async () => {
      await holder.query('rollback').catch(() => {})
    })
    const confirm = fetch(`${first.url}/api/v1/payments/local/confirm/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ client_secret: order.client_secret, card_number: '4242 4242 4242 4242' }),
    }).catch(() => undefined)
    // Asked outside the holder's transaction, whose view of pg_stat_activity stays as first read.
    const waitingOnTheOrder = async () => {
      const { rows } = await ctx.pool.query<{ waiting: number }>(
        `select count(*)::int as waiting from pg_stat_activity
         where datname = current_database() and wait_event_type = 'Lock' and query ilike 'update "orders"%'`,
      )
      return rows[0]?.waiting === 1
    }
    await eventually(waitingOnTheOrder, 30_000)
    await first.kill()
    await confirm
    await holder.query('rollback')
    const intent = await firstRow(
      ctx.db.select().from(localPaymentIntents).where(eq(localPaymentIntents.clientSecret, order.client_secret)),
    )
    expect(intent?.status).toBe('succeeded')
    expect((await orderOf(ctx, order.intent_id))?.status).toBe('pending')
    // Its settlement was committed with the payment, for whichever worker runs next.
    const { rows } = await holder.query<{ queued: number }>(
      `select count(*)::int as queued from pgboss.job where name = 'settle-payments' and data->'intentIds' ? $1 and state = 'created'`,
      [intent?.id],
    )
    expect(rows[0]?.queued).toBe(1)

    await startServer(ctx)
    await settled(ctx, order.intent_id, crm)
  }, 120_000)

  it('with Stripe: a server that starts asks Stripe about the open orders and settles the paid ones', async () => {
    const stripe = await startStripeStandIn()
    closers.push(stripe.close)
    const ctx = await createTestApp({ env: stripeEnv(stripe.url) })
    closers.push(ctx.close)
    const crm = await startReceiver()
    closers.push(crm.close)
    const session = await createSellerSession(ctx)
    await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/stripe/account/connect/',
      headers: session.headers,
      payload: { has_stripe_account: false },
    })
    const account = await firstRow(ctx.db.select().from(paymentAccounts).where(eq(paymentAccounts.sellerId, session.seller.id)))
    stripe.setChargesEnabled(account?.accountId ?? '', true)
    await ctx.db.update(paymentAccounts).set({ chargesEnabled: true }).where(eq(paymentAccounts.sellerId, session.seller.id))
    const funnel = await insertFunnel(ctx, session.seller.id)
    await configureWebhook(ctx, session.seller.id, crm.url)
    const created = await createIntent(ctx, { ...visitor, product_id: funnel.offer.id, bump_offer_id: funnel.bump?.id })
    const orderId = (created.json() as { intent_id: string }).intent_id

    // Stripe.js confirmed in the visitor's browser while no server ran: Stripe's event went nowhere.
    stripe.setIntentStatus((await orderOf(ctx, orderId))?.intentId ?? '', 'succeeded')
    await startServer(ctx, stripeEnv(stripe.url))
    await settled(ctx, orderId, crm)
  }, 120_000)
})
