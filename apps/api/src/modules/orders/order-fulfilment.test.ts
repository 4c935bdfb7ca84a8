import { directUtm } from '@funnelry/shared'
import { eq } from 'drizzle-orm'
import { eventually, type TestApp } from '../../../test/build-test-app.js'
import { waitForDrainedQueues } from '../../../test/drained-queues.js'
import { describe, expect, test } from '../../../test/fixtures.js'
import { configureWebhook } from '../../../test/funnel-factories.js'
import { startReceiver } from '../../../test/http-receiver.js'
import { leads } from '../leads/leads-tables.js'
import type { LocalPaymentProvider } from '../payments/providers/local-provider.js'
import {
  createIntent,
  createLocalSeller,
  emailsTo,
  insertFunnel,
  intentEventBody,
  localProviderOf,
  orderOf,
  orderPaidDeliveries,
  sendWebhook,
  updateIntent,
  visitor,
} from './checkout-test-kit.js'

describe('fulfilment: once per order, however often and however concurrently the event arrives', () => {
  let ctx: TestApp
  let receiver: Awaited<ReturnType<typeof startReceiver>>
  let provider: LocalPaymentProvider
  let seller: Awaited<ReturnType<typeof createLocalSeller>>
  let funnel: Awaited<ReturnType<typeof insertFunnel>>

  /** Creates an order for the bump and the upsell and returns it with the event body of its payment. */
  const openOrder = async (email: string) => {
    // The bump ticked before the details: a draft (D20); the details arrive with the next update, as on the page.
    const response = await createIntent(ctx, { product_id: funnel.offer.id, bump_offer_id: funnel.bump?.id })
    const { intent_id } = response.json()
    await updateIntent(ctx, { intent_id, full_name: 'Ada Lovelace', email, upsell_offer_id: funnel.upsell?.id, upsell_shown: true })
    const order = await orderOf(ctx, intent_id)
    if (!order) throw new Error('no order')
    return { order, intent: { id: order.intentId, amount: order.amountCents, currency: 'usd', account: seller.accountId } }
  }
  const crmEvents = (event: string) => receiver.requests.map((request) => JSON.parse(request.body)).filter((body) => body.event === event)

  test.override('appOptions', () => ({ workers: true }))
  test.beforeEach(async ({ app }) => {
    ctx = app
    receiver = await startReceiver()
    provider = await localProviderOf(ctx)
    seller = await createLocalSeller(ctx)
    funnel = await insertFunnel(ctx, seller.seller.id)
    await configureWebhook(ctx, seller.seller.id, receiver.url, { email: 'EmailAddress', fullName: 'FullName' })
  })
  test.afterEach(async () => {
    await receiver.close()
  })

  test('does not deliver an order whose charge differs from it (an intent changed by a lost update race)', async () => {
    const { order, intent } = await openOrder('short@example.com')
    for (const charged of [
      { ...intent, amount: intent.amount - 4900 },
      { ...intent, currency: 'eur' },
    ]) {
      const body = intentEventBody('payment_intent.succeeded', charged)
      expect((await sendWebhook(ctx, body, provider.signWebhook(body))).statusCode).toBe(200)
    }
    expect(await orderOf(ctx, order.id)).toMatchObject({ status: 'pending', amountCents: 5250 })
    // Only the free download of the opt-in (D16): nothing was delivered for the order.
    expect((await emailsTo(ctx, 'short@example.com')).map((mail) => mail.kind)).toEqual(['free-download'])
    expect(await orderPaidDeliveries(ctx, seller.seller.id)).toHaveLength(0)
  })

  test('fulfils once when five events arrive at the same moment, and again once when they are repeated', async () => {
    const { order, intent } = await openOrder('ada@example.com')
    const bodies = Array.from({ length: 5 }, () => intentEventBody('payment_intent.succeeded', intent))
    const responses = await Promise.all(bodies.map((body) => sendWebhook(ctx, body, provider.signWebhook(body))))
    expect(responses.map((response) => response.statusCode)).toEqual([200, 200, 200, 200, 200])
    for (const body of [bodies[0], bodies[0], bodies[3]]) {
      if (body) expect((await sendWebhook(ctx, body, provider.signWebhook(body))).statusCode).toBe(200)
    }

    const paid = await orderOf(ctx, order.id)
    expect(paid).toMatchObject({ status: 'paid', amountCents: 5250 })
    expect(paid?.paidAt).toBeInstanceOf(Date)
    expect(paid?.fulfilledAt).toBeInstanceOf(Date)

    // The free download left when the details arrived (D16); the payment adds one purchase email.
    const mails = await emailsTo(ctx, 'ada@example.com')
    expect(mails.map((mail) => mail.kind).sort()).toEqual(['free-download', 'purchase'])
    const mail = mails.find((each) => each.kind === 'purchase')
    expect(mail?.subject).toBe(`Your purchase from ${seller.businessName}`)
    expect(mail?.text).toContain('Hi Ada Lovelace')
    expect(mail?.text).toContain(
      'You paid for:\n\n- The Checklist ($3.50): https://files.example/checklist.pdf\n- The Course ($49.00): https://files.example/course',
    )
    expect(mail?.text).toContain('Total: $52.50')
    expect(mail?.text).toContain('- Seven Recipes: https://files.example/recipes.pdf')
    expect(mail?.html).toContain('<a href="https://files.example/course">The Course</a> ($49.00)')
    expect(await orderPaidDeliveries(ctx, seller.seller.id)).toHaveLength(1)

    await eventually(async () => crmEvents('order.paid').length === 1)
    await eventually(async () => (await emailsTo(ctx, 'ada@example.com')).every((each) => each.status === 'stored'))
    // Every queued mail and webhook has run (or given up): a second order.paid would be in by now.
    await waitForDrainedQueues(ctx.pool)
    const [delivered, ...more] = crmEvents('order.paid')
    expect(more).toHaveLength(0)
    expect(delivered).toEqual({
      EmailAddress: 'ada@example.com',
      FullName: 'Ada Lovelace',
      event: 'order.paid',
      offer_id: funnel.offer.id,
      offer_headline: 'Seven Recipes',
      created_at: paid?.paidAt?.toISOString(),
      order_id: order.id,
      amount: '52.50',
      currency: 'usd',
      bump_offer_id: funnel.bump?.id,
      upsell_offer_id: funnel.upsell?.id,
      // Decision D37: a visitor who came directly brought no campaign.
      utm: directUtm,
    })
  })

  test('keeps the lead with the real details (a draft never becomes one) and links it to the order', async () => {
    const leadsBefore = await ctx.db.select().from(leads).where(eq(leads.freeOfferId, funnel.offer.id))
    const { order, intent } = await openOrder('grace@example.com')
    const body = intentEventBody('payment_intent.succeeded', intent)
    await sendWebhook(ctx, body, provider.signWebhook(body))
    const stored = await ctx.db.select().from(leads).where(eq(leads.freeOfferId, funnel.offer.id))
    expect(stored).toHaveLength(leadsBefore.length + 1)
    expect(stored.map((lead) => lead.email)).toContain('grace@example.com')
    expect((await orderOf(ctx, order.id))?.leadId).toBe(stored.find((lead) => lead.email === 'grace@example.com')?.id)
  })

  test('marks a declined payment failed, and a later success still wins', async () => {
    const { order, intent } = await openOrder('retry@example.com')
    const failed = intentEventBody('payment_intent.payment_failed', intent)
    expect((await sendWebhook(ctx, failed, provider.signWebhook(failed))).statusCode).toBe(200)
    expect(await orderOf(ctx, order.id)).toMatchObject({ status: 'failed', paidAt: null })
    const kinds = async () => (await emailsTo(ctx, 'retry@example.com')).map((mail) => mail.kind).sort()
    // A decline keeps the free download the visitor got at opt-in (D16), and sends nothing more.
    expect(await kinds()).toEqual(['free-download'])

    const succeeded = intentEventBody('payment_intent.succeeded', intent)
    await sendWebhook(ctx, succeeded, provider.signWebhook(succeeded))
    expect(await orderOf(ctx, order.id)).toMatchObject({ status: 'paid' })
    // A failure arriving late does not undo a payment.
    await sendWebhook(ctx, failed, provider.signWebhook(failed))
    expect(await orderOf(ctx, order.id)).toMatchObject({ status: 'paid' })
    expect(await kinds()).toEqual(['free-download', 'purchase'])
  })

  test('refuses events with a bad signature or none, and changes nothing', async () => {
    const { order, intent } = await openOrder('forged@example.com')
    const body = intentEventBody('payment_intent.succeeded', intent)
    const forged = await sendWebhook(ctx, body, 't=1,v1=0000')
    expect(forged.statusCode).toBe(400)
    expect(forged.json()).toEqual({ detail: expect.any(String) })
    const tampered = await sendWebhook(ctx, body.replace('"amount":5250', '"amount":1'), provider.signWebhook(body))
    expect(tampered.statusCode).toBe(400)
    const unsigned = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/stripe/webhook/',
      headers: { 'content-type': 'application/json' },
      payload: body,
    })
    expect(unsigned.statusCode).toBe(400)
    expect(await orderOf(ctx, order.id)).toMatchObject({ status: 'pending', paidAt: null })
    expect((await emailsTo(ctx, 'forged@example.com')).map((mail) => mail.kind)).toEqual(['free-download'])
  })

  test('acknowledges a success for an intent that is not an order of ours, and does nothing', async () => {
    const body = intentEventBody('payment_intent.succeeded', { id: 'pi_local_elsewhere', amount: 100, currency: 'usd' })
    expect((await sendWebhook(ctx, body, provider.signWebhook(body))).statusCode).toBe(200)
  })

  test('delivers a free order (D11) at once: the order.paid webhook and one free download email, never two', async () => {
    const response = await createIntent(ctx, { ...visitor, email: 'free-rider@example.com', product_id: funnel.offer.id })
    const { intent_id } = response.json()
    await eventually(async () => crmEvents('order.paid').some((body) => body.order_id === intent_id))
    expect(crmEvents('order.paid').find((body) => body.order_id === intent_id)).toMatchObject({
      EmailAddress: 'free-rider@example.com',
      amount: '0.00',
      currency: 'usd',
      bump_offer_id: null,
      upsell_offer_id: null,
    })
    const mails = await eventually(async () => {
      const rows = await emailsTo(ctx, 'free-rider@example.com')
      return rows[0]?.status === 'stored' ? rows : undefined
    })
    expect(mails.map((mail) => mail.kind)).toEqual(['free-download'])
  })

  test('sends no second download to a visitor who opted in before completing a free order (D16)', async () => {
    const email = 'opted-in@example.com'
    const optIn = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/seller/webhook/notify/',
      payload: { full_name: 'Opted In', email, product_id: funnel.offer.id },
      remoteAddress: '203.0.113.91',
    })
    expect(optIn.statusCode).toBe(201)
    // Lead capture's download email is queued by the worker just after the answer (docs/decisions/0011).
    await eventually(async () => (await emailsTo(ctx, email)).length === 1)
    const free = await createIntent(ctx, { full_name: 'Opted In', email, product_id: funnel.offer.id, upsell_shown: true })
    expect(free.json()).toMatchObject({ provider: 'none', amount: '0.00' })
    expect(await orderOf(ctx, free.json().intent_id)).toMatchObject({ status: 'paid', leadId: expect.any(String) })
    expect((await emailsTo(ctx, email)).map((mail) => mail.kind)).toEqual(['free-download'])
  })
})
