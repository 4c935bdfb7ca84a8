import { messages, paymentMessages } from '@funnelry/shared'
import { eq } from 'drizzle-orm'
import type { TestApp } from '../../../test/build-test-app.js'
import { createSellerSession } from '../../../test/factories.js'
import { describe, expect, test } from '../../../test/fixtures.js'
import { configureWebhook } from '../../../test/funnel-factories.js'
import { leads } from '../leads/leads-tables.js'
import { localPaymentIntents, paymentAccounts } from '../payments/payments-tables.js'
import { webhookDeliveries } from '../webhooks/webhooks-tables.js'
import { createIntent, emailsTo, insertFunnel, orderOf, updateIntent, visitor } from './checkout-test-kit.js'
import { orders } from './orders-tables.js'

/**
 * Decision D20: an order is a draft until the visitor's details arrive; decision D16: the first
 * checkout call with the details records the lead and its download email, so a visitor whose
 * lead-capture call was lost keeps both.
 */
describe('checkout drafts and the lead they become', () => {
  let ctx: TestApp
  let sellerId: string
  let headers: Record<string, string>
  let funnel: Awaited<ReturnType<typeof insertFunnel>>
  let bumpId: string

  const leadsOf = (email: string) => ctx.db.select().from(leads).where(eq(leads.email, email))
  const leadEvents = () => ctx.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.sellerId, sellerId))
  const intentCount = async () => (await ctx.db.select().from(localPaymentIntents)).length

  test.beforeEach(async ({ app }) => {
    ctx = app
    const session = await createSellerSession(ctx)
    sellerId = session.seller.id
    headers = session.headers
    await ctx.db.insert(paymentAccounts).values({ sellerId, provider: 'local', accountId: 'acct_local_drafts', chargesEnabled: true })
    await configureWebhook(ctx, sellerId, 'http://127.0.0.1:9/hook')
    funnel = await insertFunnel(ctx, sellerId)
    bumpId = funnel.bump?.id ?? ''
  })

  test('makes a draft when the bump is ticked before any details: priced, unpayable, unlisted, uncounted, unmailed', async () => {
    const intentsBefore = await intentCount()
    const response = await createIntent(ctx, { product_id: funnel.offer.id, bump_offer_id: bumpId })
    expect(response.statusCode).toBe(200)
    const body = response.json()
    expect(body).toEqual({
      intent_id: expect.any(String),
      client_secret: null,
      amount: '3.50',
      currency: 1,
      provider: 'none',
      order_reference: null,
    })
    expect(await orderOf(ctx, body.intent_id)).toMatchObject({
      status: 'draft',
      fullName: null,
      email: null,
      provider: 'none',
      amountCents: 350,
      receiptToken: null,
    })
    // No provider intent: nothing can pay a draft.
    expect(await intentCount()).toBe(intentsBefore)

    const unticked = await updateIntent(ctx, { intent_id: body.intent_id, bump_offer_id: null })
    expect(unticked.json()).toMatchObject({ amount: '0.00', provider: 'none', order_reference: null })
    expect(await orderOf(ctx, body.intent_id)).toMatchObject({ status: 'draft', amountCents: 0 })

    const list = await ctx.app.inject({ url: '/api/v1/orders/', headers })
    expect(list.json().results.map((order: { id: string }) => order.id)).not.toContain(body.intent_id)
    const stats = await ctx.app.inject({ url: `/api/v1/free-product/${funnel.offer.id}/stats/`, headers })
    expect(stats.json()).toMatchObject({ orders: 0, paid_orders: 0, free_completions: 0 })
    expect(await leadEvents()).toHaveLength(0)
  })

  test('turns the draft into an order once the details arrive: its intent, its reference, the lead and one download email', async () => {
    const draft = (await createIntent(ctx, { product_id: funnel.offer.id, bump_offer_id: bumpId })).json()
    const email = 'late@example.com'
    const details = { full_name: 'Late Visitor', email: 'Late@Example.com' }
    const response = await updateIntent(ctx, { intent_id: draft.intent_id, ...details })
    expect(response.statusCode).toBe(200)
    const body = response.json()
    expect(body).toMatchObject({ intent_id: draft.intent_id, amount: '3.50', provider: 'local', client_secret: expect.any(String) })
    expect(body.order_reference).toMatch(/^[\w-]{22}$/)

    const [lead, ...otherLeads] = await leadsOf(email)
    expect(otherLeads).toHaveLength(0)
    expect(await orderOf(ctx, draft.intent_id)).toMatchObject({ status: 'pending', fullName: 'Late Visitor', email, leadId: lead?.id })
    expect((await emailsTo(ctx, email)).map((mail) => mail.kind)).toEqual(['free-download'])
    expect((await leadEvents()).map((delivery) => delivery.event)).toEqual(['lead.created'])

    // The page repeats the details on later calls: nothing is sent twice.
    await updateIntent(ctx, { intent_id: draft.intent_id, ...details, upsell_shown: true })
    const optIn = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/seller/webhook/notify/',
      payload: { ...details, product_id: funnel.offer.id },
      remoteAddress: '203.0.113.40',
    })
    expect(optIn.statusCode).toBe(201)
    expect(await emailsTo(ctx, email)).toHaveLength(1)
    expect(await leadEvents()).toHaveLength(1)
    expect(await leadsOf(email)).toHaveLength(1)
  })

  test('records the lead from a create call with the details, for a visitor whose lead capture never arrived', async () => {
    const email = 'lost-lead@example.com'
    const response = await createIntent(ctx, { full_name: 'Lost Lead', email, product_id: funnel.offer.id, bump_offer_id: bumpId })
    expect(response.json()).toMatchObject({ provider: 'local', amount: '3.50' })
    expect(await leadsOf(email)).toHaveLength(1)
    expect((await emailsTo(ctx, email)).map((mail) => mail.kind)).toEqual(['free-download'])
  })

  test('refuses one detail without the other, on the missing one', async () => {
    const noEmail = await createIntent(ctx, { full_name: 'Half There', product_id: funnel.offer.id })
    expect(noEmail.statusCode).toBe(400)
    expect(noEmail.json()).toEqual({ detail: expect.any(String), email: [messages.emailRequired] })
    const draft = (await createIntent(ctx, { product_id: funnel.offer.id, bump_offer_id: bumpId })).json()
    const noName = await updateIntent(ctx, { intent_id: draft.intent_id, email: 'half@example.com' })
    expect(noName.statusCode).toBe(400)
    expect(noName.json()).toEqual({ detail: expect.any(String), full_name: [messages.fullNameRequired] })
    expect(await orderOf(ctx, draft.intent_id)).toMatchObject({ status: 'draft', email: null })
  })

  test('still tells at once, for a draft with something to pay, that the seller cannot be paid yet', async () => {
    await ctx.db.update(paymentAccounts).set({ chargesEnabled: false }).where(eq(paymentAccounts.sellerId, sellerId))
    try {
      const refused = await createIntent(ctx, { product_id: funnel.offer.id, bump_offer_id: bumpId })
      expect(refused.statusCode).toBe(400)
      expect(refused.json()).toEqual({ detail: expect.any(String), error: paymentMessages.sellerCannotTakePayments })
    } finally {
      await ctx.db.update(paymentAccounts).set({ chargesEnabled: true }).where(eq(paymentAccounts.sellerId, sellerId))
    }
  })

  test('refuses to change an abandoned order', async () => {
    const open = (await createIntent(ctx, { ...visitor, product_id: funnel.offer.id, bump_offer_id: bumpId })).json()
    await ctx.db.update(orders).set({ status: 'abandoned' }).where(eq(orders.id, open.intent_id))
    const refused = await updateIntent(ctx, { intent_id: open.intent_id, ...visitor, bump_offer_id: null })
    expect(refused.statusCode).toBe(400)
    expect(refused.json()).toEqual({ detail: expect.any(String), error: paymentMessages.orderExpired })
  })

  test('never charges for a BUMP or an OTO saved without a price above zero (decision D19, issue 9 item 1)', async () => {
    // Rows saved before the rule: the save form now refuses to attach them.
    const unpriced = await insertFunnel(ctx, sellerId, { bump: { priceCents: null }, upsell: { priceCents: 0 } })
    const bump = await createIntent(ctx, { ...visitor, product_id: unpriced.offer.id, bump_offer_id: unpriced.bump?.id })
    expect(bump.statusCode).toBe(400)
    expect(bump.json()).toEqual({ detail: expect.any(String), bump_offer_id: [paymentMessages.bumpNotOffered] })
    const upsell = await createIntent(ctx, { ...visitor, product_id: unpriced.offer.id, upsell_offer_id: unpriced.upsell?.id })
    expect(upsell.json()).toEqual({ detail: expect.any(String), upsell_offer_id: [paymentMessages.upsellNotOffered] })
    // And the page never offers them.
    const page = await ctx.app.inject({ url: `/api/v1/free-product/${unpriced.offer.id}/` })
    expect(page.json()).toMatchObject({ bump_offer: null, upsell_offer: null })
  })
})
