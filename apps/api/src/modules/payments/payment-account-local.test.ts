import { messages, settingsMessages } from '@funnelry/shared'
import { eq } from 'drizzle-orm'
import type { TestApp } from '../../../test/build-test-app.js'
import { createSellerSession } from '../../../test/factories.js'
import { describe, expect, test } from '../../../test/fixtures.js'
import { firstRow } from '../../db/first-row.js'
import { sellers } from '../sellers/sellers-tables.js'
import { paymentAccounts } from './payments-tables.js'

type Session = Awaited<ReturnType<typeof createSellerSession>>

describe('payment account with the local test provider', () => {
  let ctx: TestApp
  const connect = (session: Session, hasStripeAccount: unknown) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/v1/stripe/account/connect/',
      headers: session.headers,
      payload: { has_stripe_account: hasStripeAccount },
    })
  const status = async (session: Session) =>
    (await ctx.app.inject({ method: 'GET', url: '/api/v1/stripe/account/status/', headers: session.headers })).json()
  /** The onboarding link as the browser follows it: path and query only (inject talks to the app directly). */
  const local = (url: string) => url.replace(ctx.config.publicUrl, '')
  const decide = (account: string, token: string, decision: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/v1/payments/local/onboarding/',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ account, token, decision }).toString(),
    })

  test.beforeEach(async ({ app }) => {
    ctx = app
  })

  test('is not connected before connecting', async () => {
    const seller = await createSellerSession(ctx)
    expect(await status(seller)).toEqual({ connected: false })
  })

  test('stores the answer on the seller (D14) and returns the message and the onboarding link (D10)', async () => {
    const seller = await createSellerSession(ctx, { has_stripe_account: false })
    const response = await connect(seller, true)
    expect(response.statusCode).toBe(200)
    const body = response.json()
    expect(body).toEqual({
      message: settingsMessages.connectRedirect,
      url: expect.stringMatching(/^http:\/\/funnelry\.test\/api\/v1\/payments\/local\/onboarding\/\?account=acct_local_\w+&token=[\w-]+$/),
    })
    const row = await firstRow(ctx.db.select().from(sellers).where(eq(sellers.id, seller.seller.id)))
    expect(row?.hasStripeAccount).toBe(true)
    const account = await firstRow(ctx.db.select().from(paymentAccounts).where(eq(paymentAccounts.sellerId, seller.seller.id)))
    expect(account).toMatchObject({ provider: 'local', chargesEnabled: false })
    expect(body.url).toContain(account?.accountId)

    // Connecting again keeps the same account, with a new answer stored.
    const again = (await connect(seller, false)).json()
    expect(new URL(again.url).searchParams.get('account')).toBe(account?.accountId)
    expect((await firstRow(ctx.db.select().from(sellers).where(eq(sellers.id, seller.seller.id))))?.hasStripeAccount).toBe(false)
  })

  test('shows an onboarding page with both buttons; Approve connects the account', async () => {
    const seller = await createSellerSession(ctx)
    const { url } = (await connect(seller, false)).json()
    const page = await ctx.app.inject({ method: 'GET', url: local(url) })
    expect(page.statusCode).toBe(200)
    expect(page.headers['content-type']).toContain('text/html')
    expect(page.body).toContain('>Approve</button>')
    expect(page.body).toContain('>Leave incomplete</button>')
    expect(page.body).toContain('method="post"')

    const query = new URL(url).searchParams
    const approve = await decide(query.get('account') ?? '', query.get('token') ?? '', 'approve')
    expect(approve.statusCode).toBe(303)
    expect(approve.headers.location).toBe('http://funnelry.test/thank-you-stripe')
    expect(await status(seller)).toEqual({ connected: true })

    // Once connected, connect says so and goes straight to the return page.
    expect((await connect(seller, false)).json()).toEqual({
      message: settingsMessages.alreadyConnected,
      url: 'http://funnelry.test/thank-you-stripe',
    })
  })

  test("'Leave incomplete' leaves the account unable to take charges", async () => {
    const seller = await createSellerSession(ctx)
    const query = new URL((await connect(seller, true)).json().url).searchParams
    const response = await decide(query.get('account') ?? '', query.get('token') ?? '', 'incomplete')
    expect(response.statusCode).toBe(303)
    expect(response.headers.location).toBe('http://funnelry.test/thank-you-stripe')
    expect(await status(seller)).toEqual({ connected: false })
  })

  test('refuses onboarding links whose token does not match the account', async () => {
    const seller = await createSellerSession(ctx)
    const victim = await createSellerSession(ctx)
    const mine = new URL((await connect(seller, false)).json().url).searchParams
    const theirs = new URL((await connect(victim, false)).json().url).searchParams
    const victimAccount = theirs.get('account') ?? ''

    const page = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/payments/local/onboarding/?account=${victimAccount}&token=${mine.get('token')}`,
    })
    expect(page.statusCode).toBe(404)
    expect(page.body).toContain('not valid')
    expect((await ctx.app.inject({ method: 'GET', url: `/api/v1/payments/local/onboarding/?account=${victimAccount}` })).statusCode).toBe(
      404,
    )
    expect((await decide(victimAccount, mine.get('token') ?? '', 'approve')).statusCode).toBe(404)
    expect(await status(victim)).toEqual({ connected: false })
  })

  test('validates the connect call and needs a token', async () => {
    const seller = await createSellerSession(ctx)
    const response = await connect(seller, 'yes')
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({ detail: expect.any(String), has_stripe_account: [messages.required] })
    const missing = await ctx.app.inject({ method: 'POST', url: '/api/v1/stripe/account/connect/', headers: seller.headers, payload: {} })
    expect(missing.json()).toEqual({ detail: expect.any(String), has_stripe_account: [messages.required] })
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/api/v1/stripe/account/connect/', payload: { has_stripe_account: true } })).statusCode,
    ).toBe(401)
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/stripe/account/status/' })).statusCode).toBe(401)
  })

  test('has no Stripe refresh link while the local provider is in use', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/stripe/account/refresh-link/?account=acct_x&token=y' })).statusCode).toBe(
      404,
    )
  })
})
