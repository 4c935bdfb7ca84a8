import { localTestCards } from '@funnelry/shared'
import { eq } from 'drizzle-orm'
import { eventually, type TestApp } from '../../../test/build-test-app.js'
import { insertUpsell } from '../../../test/funnel-factories.js'
import { freeOffers } from '../offers/offers-tables.js'
import { confirmLocal, createIntent, createLocalSeller, insertFunnel, visitor } from '../orders/checkout-test-kit.js'
import { localPaymentIntents } from '../payments/payments-tables.js'
import { postPurchaseCharges } from './post-purchase-tables.js'

/** Helpers the post-purchase tests and bench share (never imported by the app). */

/** A seller's funnel (a $3.50 bump) whose free offer has two after-purchase steps: $49 (downsell $19), then $29. */
export async function insertPostPurchaseFunnel(ctx: TestApp) {
  const seller = await createLocalSeller(ctx)
  return { ...seller, ...(await insertStepsFunnel(ctx, seller.seller.id)) }
}

/** The same funnel for a seller connected otherwise (Stripe). */
export async function insertStepsFunnel(ctx: TestApp, sellerId: string) {
  const funnel = await insertFunnel(ctx, sellerId, { upsell: false })
  const course = await insertUpsell(ctx, sellerId, { headline: 'The Course', priceCents: 4900 })
  const lite = await insertUpsell(ctx, sellerId, { headline: 'The Course Lite', priceCents: 1900 })
  const coaching = await insertUpsell(ctx, sellerId, { headline: 'Coaching', priceCents: 2900 })
  const steps = [
    { upsell_offer_id: course.id, downsell_offer_id: lite.id },
    { upsell_offer_id: coaching.id, downsell_offer_id: null },
  ]
  await ctx.db.update(freeOffers).set({ afterPurchase: steps }).where(eq(freeOffers.id, funnel.offer.id))
  return { ...funnel, course, lite, coaching }
}

/** A buyer who ticked the bump and paid with `card`: the order's reference (the post-purchase page's key). */
export async function payFirstOrder(ctx: TestApp, freeOfferId: string, bumpId: string | undefined, card: string = localTestCards.succeeds) {
  const created = (await createIntent(ctx, { ...visitor, product_id: freeOfferId, bump_offer_id: bumpId, upsell_shown: true })).json()
  const paid = await confirmLocal(ctx, { client_secret: created.client_secret, card_number: card })
  if (paid.statusCode !== 200) throw new Error(`the first payment failed: ${paid.body}`)
  // Decision D34: 3184 asks for authentication on the first payment too; the buyer completes it.
  if (paid.json().status === 'requires_action') {
    const completed = await challenge(ctx, created.client_secret, 'complete')
    if (completed.json().status !== 'succeeded') throw new Error(`the first payment's authentication failed: ${completed.body}`)
  }
  return { reference: created.order_reference as string, orderId: created.intent_id as string }
}

export const stateOf = (ctx: TestApp, reference: string) => ctx.app.inject({ url: `/api/v1/post-purchase/${reference}/` })
export const accept = (ctx: TestApp, reference: string, payload: Record<string, unknown>) =>
  ctx.app.inject({ method: 'POST', url: `/api/v1/post-purchase/${reference}/accept/`, payload })
export const decline = (ctx: TestApp, reference: string, payload: Record<string, unknown>) =>
  ctx.app.inject({ method: 'POST', url: `/api/v1/post-purchase/${reference}/decline/`, payload })
export const challenge = (ctx: TestApp, clientSecret: string, outcome: 'complete' | 'fail') =>
  ctx.app.inject({ method: 'POST', url: '/api/v1/payments/local/challenge/', payload: { client_secret: clientSecret, outcome } })

export const chargesOf = (ctx: TestApp, orderId: string) =>
  ctx.db.select().from(postPurchaseCharges).where(eq(postPurchaseCharges.orderId, orderId))

/** The local provider's intents of one-click charges of this order (what would be money taken). */
export const providerChargesOf = async (ctx: TestApp, orderId: string) =>
  (await ctx.db.select().from(localPaymentIntents)).filter(
    (intent) => intent.metadata.order_id === orderId && intent.metadata.post_purchase_step !== undefined,
  )

/** Issue 26: the `post-purchase-follow-ups` jobs stored so far (each paid charge queues one with its answer). */
export const followUpJobs = async (ctx: TestApp) =>
  (
    await ctx.pool.query<{ state: string; data: Record<string, unknown> }>(
      `select state, data from pgboss.job where name = 'post-purchase-follow-ups' order by created_on`,
    )
  ).rows

/** Resolves once every stored follow-up job has run to its end: the charges' emails, webhooks and conversions are queued. */
export const followUpsRun = (ctx: TestApp) => eventually(async () => (await followUpJobs(ctx)).every((job) => job.state === 'completed'))
