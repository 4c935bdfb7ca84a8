import { settingsMessages } from '@funnelry/shared'
import { eq } from 'drizzle-orm'
import { createTestApp, type TestApp } from '../../../test/build-test-app.js'
import { createSellerSession } from '../../../test/factories.js'
import { describe, expect, test } from '../../../test/fixtures.js'
import { type StripeStandIn, startStripeStandIn } from '../../../test/stripe-stand-in.js'
import { firstRow } from '../../db/first-row.js'
import { sellers } from '../sellers/sellers-tables.js'
import { paymentAccounts } from './payments-tables.js'
import { signProviderEvent } from './providers/provider-events.js'

type Session = Awaited<ReturnType<typeof createSellerSession>>

const webhookSecret = 'whsec_standin_events'

describe('payment account with Stripe (the real SDK against a local stand-in)', () => {
  let ctx: TestApp
  let stripe: StripeStandIn
  const connect = (session: Session, hasStripeAccount: boolean) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/v1/stripe/account/connect/',
      headers: session.headers,
      payload: { has_stripe_account: hasStripeAccount },
    })
  const status = (session: Session) => ctx.app.inject({ method: 'GET', url: '/api/v1/stripe/account/status/', headers: session.headers })
  const accountOf = async (session: Session) =>
    (await firstRow(ctx.db.select().from(paymentAccounts).where(eq(paymentAccounts.sellerId, session.seller.id))))?.accountId ?? ''

  test.override('appOptions', () => ({
    env: {
      STRIPE_SECRET_KEY: 'sk_test_standin',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_standin',
      STRIPE_API_URL: stripe.url,
      STRIPE_WEBHOOK_SECRET: webhookSecret,
    },
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

  test('creates a Standard connected account once and an onboarding Account Link', async () => {
    const seller = await createSellerSession(ctx, { has_stripe_account: true })
    const response = await connect(seller, false)
    expect(response.statusCode).toBe(200)
    const body = response.json()
    expect(body.message).toBe(settingsMessages.connectRedirect)
    expect(body.url).toMatch(/^https:\/\/connect\.stripe\.test\/setup\/s\/acct_/)

    const [created] = stripe.find('POST', '/v1/accounts')
    expect(created?.form).toEqual({
      type: 'standard',
      email: seller.seller.email,
      'metadata[seller_id]': seller.seller.id,
      'metadata[has_existing_account]': 'false',
    })
    expect(created?.headers.authorization).toBe('Bearer sk_test_standin')
    expect(created?.headers['idempotency-key']).toBe(`connect-account-${seller.seller.id}-new`)
    expect(created?.headers['content-type']).toContain('application/x-www-form-urlencoded')

    const accountId = await accountOf(seller)
    expect(accountId).toMatch(/^acct_/)
    const [link] = stripe.find('POST', '/v1/account_links')
    expect(link?.form).toMatchObject({
      account: accountId,
      type: 'account_onboarding',
      return_url: 'http://funnelry.test/thank-you-stripe',
    })
    const refresh = new URL(link?.form.refresh_url ?? '')
    expect(`${refresh.origin}${refresh.pathname}`).toBe('http://funnelry.test/api/v1/stripe/account/refresh-link/')
    expect(refresh.searchParams.get('account')).toBe(accountId)
    // Account Links are made by the platform, not on behalf of the connected account.
    expect(link?.headers['stripe-account']).toBeUndefined()

    expect((await firstRow(ctx.db.select().from(sellers).where(eq(sellers.id, seller.seller.id))))?.hasStripeAccount).toBe(false)

    // Connecting again makes a new link for the same account, not a second account.
    await connect(seller, false)
    expect(stripe.find('POST', '/v1/accounts')).toHaveLength(1)
    expect(stripe.find('POST', '/v1/account_links')).toHaveLength(2)
  })

  test('reads charges_enabled from Stripe for the status and stores it', async () => {
    const seller = await createSellerSession(ctx)
    expect((await status(seller)).json()).toEqual({ connected: false })
    await connect(seller, true)
    const accountId = await accountOf(seller)
    expect(stripe.find('POST', '/v1/accounts').at(-1)?.form['metadata[has_existing_account]']).toBe('true')

    expect((await status(seller)).json()).toEqual({ connected: false })
    stripe.setChargesEnabled(accountId, true)
    const before = stripe.find('GET', `/v1/accounts/${accountId}`).length
    expect((await status(seller)).json()).toEqual({ connected: true })
    expect(stripe.find('GET', `/v1/accounts/${accountId}`)).toHaveLength(before + 1)
    const row = await firstRow(ctx.db.select().from(paymentAccounts).where(eq(paymentAccounts.sellerId, seller.seller.id)))
    expect(row).toMatchObject({ provider: 'stripe', chargesEnabled: true })

    // Connected: connect answers with the return page instead of onboarding again.
    expect((await connect(seller, true)).json()).toEqual({
      message: settingsMessages.alreadyConnected,
      url: 'http://funnelry.test/thank-you-stripe',
    })

    // Stripe can take it back (e.g. requirements past due); the next status says so.
    stripe.setChargesEnabled(accountId, false)
    expect((await status(seller)).json()).toEqual({ connected: false })
  })

  test('gives a fresh link on the refresh URL, only for a link we signed', async () => {
    const seller = await createSellerSession(ctx)
    await connect(seller, false)
    const refreshUrl = new URL(stripe.find('POST', '/v1/account_links').at(-1)?.form.refresh_url ?? '')
    const links = stripe.find('POST', '/v1/account_links').length

    const response = await ctx.app.inject({ method: 'GET', url: `${refreshUrl.pathname}${refreshUrl.search}` })
    expect(response.statusCode).toBe(303)
    expect(response.headers.location).toMatch(/^https:\/\/connect\.stripe\.test\/setup\/s\//)
    expect(stripe.find('POST', '/v1/account_links')).toHaveLength(links + 1)

    const forged = await ctx.app.inject({
      method: 'GET',
      url: `${refreshUrl.pathname}?account=${refreshUrl.searchParams.get('account')}&token=forged`,
    })
    expect(forged.statusCode).toBe(404)
    expect(stripe.find('POST', '/v1/account_links')).toHaveLength(links + 1)
  })

  test('looks the account up again on a signed account.updated event, and ignores unsigned ones', async () => {
    const seller = await createSellerSession(ctx)
    await connect(seller, false)
    const accountId = await accountOf(seller)
    const chargesEnabled = async () =>
      (await firstRow(ctx.db.select().from(paymentAccounts).where(eq(paymentAccounts.sellerId, seller.seller.id))))?.chargesEnabled
    const send = (body: string, signature: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/v1/stripe/webhook/',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        payload: body,
      })
    // The payload says true while Stripe already says something else: what Stripe says now wins.
    const body = JSON.stringify({
      id: 'evt_acc',
      object: 'event',
      type: 'account.updated',
      account: accountId,
      data: { object: { id: accountId, object: 'account', charges_enabled: true } },
    })

    stripe.setChargesEnabled(accountId, true)
    expect((await send(body, 'v1=forged,t=1')).statusCode).toBe(400)
    expect(await chargesEnabled()).toBe(false)

    const response = await send(body, signProviderEvent(body, webhookSecret))
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ received: true })
    expect(await chargesEnabled()).toBe(true)

    stripe.setChargesEnabled(accountId, false)
    expect((await send(body, signProviderEvent(body, webhookSecret))).statusCode).toBe(200)
    expect(await chargesEnabled()).toBe(false)

    const ignored = JSON.stringify({ id: 'evt_other', object: 'event', type: 'customer.created', data: { object: {} } })
    expect((await send(ignored, signProviderEvent(ignored, webhookSecret))).statusCode).toBe(200)
  })

  test('answers 502 with a readable message when Stripe cannot be reached', async () => {
    const down = await startStripeStandIn()
    await down.close()
    const offline = await createTestApp({
      env: { STRIPE_SECRET_KEY: 'sk_test_standin', STRIPE_PUBLISHABLE_KEY: 'pk_test_standin', STRIPE_API_URL: down.url },
    })
    try {
      const seller = await createSellerSession(offline)
      const response = await offline.app.inject({
        method: 'POST',
        url: '/api/v1/stripe/account/connect/',
        headers: seller.headers,
        payload: { has_stripe_account: false },
      })
      expect(response.statusCode).toBe(502)
      expect(response.json()).toEqual({ detail: 'The payment provider did not answer. Please try again in a moment.' })
    } finally {
      await offline.close()
    }
  })
})
