import type { TestApp } from '../../../test/build-test-app.js'
import { createSellerSession } from '../../../test/factories.js'
import { paymentAccounts } from '../payments/payments-tables.js'
import {
  confirmLocal,
  createIntent,
  insertFunnel,
  intentEventBody,
  localProviderOf,
  orderOf,
  sendWebhook,
  updateIntent,
} from './checkout-test-kit.js'

/** Helpers the order-line and refund tests share (never imported by the app). */

/** A signed-in seller with a local payment account and a funnel of a $3.50 bump ('Workbook') and a $49.00 upsell ('The Course'). */
export async function sellerWithFunnel(ctx: TestApp) {
  const session = await createSellerSession(ctx)
  const sellerId = session.seller.id
  const accountId = `acct_local_${sellerId.replaceAll('-', '').slice(0, 16)}`
  await ctx.db.insert(paymentAccounts).values({ sellerId, provider: 'local', accountId, chargesEnabled: true })
  const funnel = await insertFunnel(ctx, sellerId, { bump: { headline: 'Workbook' }, upsell: { headline: 'The Course' } })
  return { headers: session.headers, sellerId, accountId, funnel }
}
export type SellerWithFunnel = Awaited<ReturnType<typeof sellerWithFunnel>>

/**
 * A checkout of the bump and the upsell, paid with the local card form (which delivers the event),
 * then the same event sent again `repeats` times as a provider would retry it.
 */
export async function paidOrder(ctx: TestApp, seller: SellerWithFunnel, email: string, repeats = 0) {
  const provider = await localProviderOf(ctx)
  const { funnel } = seller
  const { intent_id } = (await createIntent(ctx, { product_id: funnel.offer.id, bump_offer_id: funnel.bump?.id })).json()
  const updated = await updateIntent(ctx, {
    intent_id,
    full_name: 'Ada Lovelace',
    email,
    upsell_offer_id: funnel.upsell?.id,
    upsell_shown: true,
  })
  const paid = await confirmLocal(ctx, { client_secret: updated.json().client_secret, card_number: '4242424242424242' })
  if (paid.statusCode !== 200) throw new Error(`the payment was refused: ${paid.body}`)
  const order = await orderOf(ctx, intent_id)
  if (!order) throw new Error('no order')
  const body = intentEventBody('payment_intent.succeeded', {
    id: order.intentId,
    amount: order.amountCents,
    currency: 'usd',
    account: seller.accountId,
  })
  for (let sent = 0; sent < repeats; sent += 1) {
    const response = await sendWebhook(ctx, body, provider.signWebhook(body))
    if (response.statusCode !== 200) throw new Error(`the payment event was refused: ${response.statusCode}`)
  }
  return order
}
