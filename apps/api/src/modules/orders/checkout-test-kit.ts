import { randomBytes } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import type { TestApp } from '../../../test/build-test-app.js'
import { createSeller } from '../../../test/factories.js'
import { insertBump, insertFreeOffer, insertUpsell } from '../../../test/funnel-factories.js'
import { confirmLocal, postAsVisitor, type RequestBody } from '../../../test/visitor-requests.js'
import { firstRow } from '../../db/first-row.js'
import { emails } from '../../mail/mail-tables.js'
import type { bumpOffers, upsellOffers } from '../offers/offers-tables.js'
import { paymentAccounts } from '../payments/payments-tables.js'
import { createLinkSigner, loadLinkSigningKey } from '../payments/providers/link-signer.js'
import { createLocalPaymentProvider } from '../payments/providers/local-provider.js'
import { sellers } from '../sellers/sellers-tables.js'
import { webhookDeliveries } from '../webhooks/webhooks-tables.js'
import { orders } from './orders-tables.js'

/** Helpers the checkout and fulfilment tests share (never imported by the app). */

export const createIntent = (ctx: TestApp, payload: RequestBody, remoteAddress?: string) =>
  postAsVisitor(ctx, '/api/v1/stripe/payment-intent/', payload, remoteAddress)
export const updateIntent = (ctx: TestApp, payload: RequestBody, remoteAddress?: string) =>
  postAsVisitor(ctx, '/api/v1/stripe/update-payment-intent/', payload, remoteAddress)
export { confirmLocal }

export const visitor = { full_name: 'Ada Lovelace', email: 'Ada@Example.com' }

/** A seller whose local payment account can take charges (or not, with `chargesEnabled: false`). */
export async function createLocalSeller(ctx: TestApp, { chargesEnabled = true } = {}) {
  const { seller } = await createSeller(ctx)
  const accountId = `acct_local_${randomBytes(8).toString('hex')}`
  await ctx.db.insert(paymentAccounts).values({ sellerId: seller.id, provider: 'local', accountId, chargesEnabled })
  const stored = await firstRow(ctx.db.select().from(sellers).where(eq(sellers.id, seller.id)))
  return { seller, accountId, businessName: stored?.businessName ?? '' }
}

/** A free offer with a $3.50 bump and a $49.00 upsell attached (both optional). */
export async function insertFunnel(
  ctx: TestApp,
  sellerId: string,
  options: {
    bump?: Partial<typeof bumpOffers.$inferInsert> | false
    upsell?: Partial<typeof upsellOffers.$inferInsert> | false
    isActive?: boolean
  } = {},
) {
  const bump = options.bump === false ? null : await insertBump(ctx, sellerId, options.bump)
  const upsell = options.upsell === false ? null : await insertUpsell(ctx, sellerId, options.upsell)
  const offer = await insertFreeOffer(ctx, sellerId, {
    headline: 'Seven Recipes',
    url: 'https://files.example/recipes.pdf',
    bumpOfferId: bump?.id ?? null,
    upsellOfferId: upsell?.id ?? null,
    isActive: options.isActive ?? true,
  })
  return { offer, bump, upsell }
}

export const orderOf = (ctx: TestApp, id: string) => firstRow(ctx.db.select().from(orders).where(eq(orders.id, id)))

export const emailsTo = (ctx: TestApp, to: string) => ctx.db.select().from(emails).where(eq(emails.to, to))

export const orderPaidDeliveries = (ctx: TestApp, sellerId: string) =>
  ctx.db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.sellerId, sellerId), eq(webhookDeliveries.event, 'order.paid')))

/** The app's own local provider (same signing key, derived from the test config), to sign events as it does. */
export async function localProviderOf(ctx: TestApp) {
  const signer = createLinkSigner(await loadLinkSigningKey(ctx.config))
  return createLocalPaymentProvider({ db: ctx.db, publicUrl: ctx.config.publicUrl, signer, now: ctx.clock.now })
}

/** A Stripe-shaped `payment_intent.*` event body. */
export function intentEventBody(
  type: 'payment_intent.succeeded' | 'payment_intent.payment_failed',
  intent: { id: string; amount: number; currency: string; account?: string },
  eventId = `evt_${randomBytes(8).toString('hex')}`,
) {
  return JSON.stringify({
    id: eventId,
    object: 'event',
    type,
    ...(intent.account ? { account: intent.account } : {}),
    data: {
      object: {
        id: intent.id,
        object: 'payment_intent',
        amount: intent.amount,
        currency: intent.currency,
        metadata: {},
        last_payment_error: type === 'payment_intent.payment_failed' ? { message: 'Your card was declined.' } : null,
      },
    },
  })
}

export const sendWebhook = (ctx: TestApp, body: string, signature: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/v1/stripe/webhook/',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    payload: body,
  })
