import type { TestApp } from '../../../test/build-test-app.js'
import { createSellerSession } from '../../../test/factories.js'
import { describe, expect, test } from '../../../test/fixtures.js'
import { createBump, createFree } from '../offers/offer-test-kit.js'
import { sellerDomains } from '../settings/settings-tables.js'

describe('GET /getting-started/ (the first-run checklist)', () => {
  let ctx: TestApp
  test.beforeEach(async ({ app }) => {
    ctx = app
  })

  const checklist = async (headers: Record<string, string>) => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/getting-started/', headers })
    expect(response.statusCode).toBe(200)
    return response.json()
  }

  /** Connects the local provider's account as a seller does: the connect call, then Approve. */
  async function connectPayments(headers: Record<string, string>) {
    const connect = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/stripe/account/connect/',
      headers,
      payload: { has_stripe_account: false },
    })
    const query = new URL(connect.json().url).searchParams
    const approved = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/payments/local/onboarding/',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        account: query.get('account') ?? '',
        token: query.get('token') ?? '',
        decision: 'approve',
      }).toString(),
    })
    expect(approved.statusCode).toBe(303)
  }

  test("ticks each item off from the seller's own data, and tells the payment answer given at sign-up", async () => {
    const { seller, headers } = await createSellerSession(ctx, { has_stripe_account: true })
    const other = await createSellerSession(ctx, { has_stripe_account: false })
    expect(await checklist(headers)).toEqual({
      payments_connected: false,
      free_offer_created: false,
      add_on_attached: false,
      domain_verified: false,
      has_stripe_account: true,
      // The test server has no SMTP_URL (decision D25).
      email_delivery: 'stored',
    })

    await createFree(ctx, headers)
    expect(await checklist(headers)).toMatchObject({ free_offer_created: true, add_on_attached: false })

    const bump = await createBump(ctx, headers)
    await createFree(ctx, headers, { bump_offer_id: bump.id, is_active: 'false' })
    expect(await checklist(headers)).toMatchObject({ add_on_attached: true })

    await connectPayments(headers)
    // A proven domain (the DNS proof itself is tested in domain-settings.test.ts).
    await ctx.db
      .insert(sellerDomains)
      .values({ sellerId: seller.id, domain: 'shop.example.com', verificationToken: 't', status: 'verified' })
    expect(await checklist(headers)).toEqual({
      payments_connected: true,
      free_offer_created: true,
      add_on_attached: true,
      domain_verified: true,
      // The answer given last, in Settings, wins over the sign-up one.
      has_stripe_account: false,
      email_delivery: 'stored',
    })

    // Nothing of another seller counts.
    expect(await checklist(other.headers)).toEqual({
      payments_connected: false,
      free_offer_created: false,
      add_on_attached: false,
      domain_verified: false,
      has_stripe_account: false,
      email_delivery: 'stored',
    })
  })

  test('needs a session', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/getting-started/' })).statusCode).toBe(401)
  })
})

describe('GET /getting-started/ on a server with SMTP_URL set', () => {
  test.override('appOptions', () => ({ env: { SMTP_URL: 'smtp://127.0.0.1:2525', MAIL_FROM: 'Funnelry <hello@funnelry.test>' } }))

  test('tells the dashboard that emails are sent (no "stored, not sent" banner, decision D25)', async ({ app }) => {
    const { headers } = await createSellerSession(app)
    const response = await app.app.inject({ method: 'GET', url: '/api/v1/getting-started/', headers })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({ email_delivery: 'smtp' })
  })
})
