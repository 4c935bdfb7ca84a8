import { localTestCards, postPurchaseMessages } from '@funnelry/shared'
import { eq } from 'drizzle-orm'
import { eventually, type TestApp } from '../../../test/build-test-app.js'
import { describe, expect, test } from '../../../test/fixtures.js'
import { configureWebhook } from '../../../test/funnel-factories.js'
import { createConnectedSellerSession, createUpsell, sendForm, validFree } from '../offers/offer-test-kit.js'
import { upsellOffers } from '../offers/offers-tables.js'
import { emailsTo, insertFunnel, orderPaidDeliveries, visitor } from '../orders/checkout-test-kit.js'
import { orderLines, orders } from '../orders/orders-tables.js'
import {
  accept,
  challenge,
  chargesOf,
  decline,
  followUpJobs,
  followUpsRun,
  insertPostPurchaseFunnel,
  payFirstOrder,
  providerChargesOf,
  stateOf,
} from './post-purchase-test-kit.js'

/** Decision D34: one-click offers after a paid checkout, charged to the first payment's card. */
describe('post-purchase offers', () => {
  let ctx: TestApp
  let funnel: Awaited<ReturnType<typeof insertPostPurchaseFunnel>>

  test.beforeEach(async ({ app }) => {
    ctx = app
    funnel = await insertPostPurchaseFunnel(ctx)
  })
  const pay = (card?: string) => payFirstOrder(ctx, funnel.offer.id, funnel.bump?.id, card)

  test('accept charges step 1 at the server price, with its own email and CRM event; the receipt lists every charge', async () => {
    await configureWebhook(ctx, funnel.seller.id, 'http://127.0.0.1:9/crm')
    const { reference, orderId } = await pay()
    const first = (await stateOf(ctx, reference)).json()
    expect(first).toMatchObject({
      done: false,
      step: 1,
      kind: 'upsell',
      offer: { id: funnel.course.id, product_price: '49.00' },
      // Two steps at most (step 1's downsell is step 1 too), and the seller as the page names them.
      step_count: 2,
      logo: null,
      business_name: funnel.businessName,
    })
    expect(new Date(first.expires_at).getTime() - ctx.clock.now().getTime()).toBeLessThanOrEqual(15 * 60 * 1000)

    const accepted = await accept(ctx, reference, { step: 1, kind: 'upsell' })
    expect(accepted.json()).toEqual({ status: 'succeeded' })
    expect((await stateOf(ctx, reference)).json()).toMatchObject({ step: 2, kind: 'upsell', offer: { id: funnel.coaching.id } })
    expect((await decline(ctx, reference, { step: 2, kind: 'upsell' })).json()).toEqual({ ok: true })
    expect((await stateOf(ctx, reference)).json()).toEqual({ done: true })

    const [charge] = await chargesOf(ctx, orderId)
    expect(charge).toMatchObject({ step: 1, state: 'succeeded', amountCents: 4900 })
    const intents = await providerChargesOf(ctx, orderId)
    expect(intents.map((intent) => [intent.amountCents, intent.status])).toEqual([[4900, 'succeeded']])
    // Its own order line (D35), refundable against its own payment.
    const lines = await ctx.db.select().from(orderLines).where(eq(orderLines.orderId, orderId))
    expect(lines.filter((line) => line.kind === 'post_purchase')).toMatchObject([
      { offerId: funnel.course.id, headline: 'The Course', amountCents: 4900, paymentRef: intents[0]?.id },
    ])

    const receipt = (await ctx.app.inject({ url: `/api/v1/order-receipts/${reference}/` })).json()
    expect(receipt.items.at(-1)).toEqual({
      id: funnel.course.id,
      kind: 'post_purchase',
      name: 'The Course',
      price: '49.00',
      url: 'https://files.example/course',
      // The page's Purchase event for this charge carries the server's id order.<id>.step-1 (D29).
      step: 1,
    })
    expect(receipt.total).toBe('52.50')

    // Its own purchase email (a second one), its own order.paid event, its own Purchase event id,
    // queued by the charge's follow-up job once a worker runs it (issue 26).
    await ctx.startWorkers()
    await followUpsRun(ctx)
    const mails = await emailsTo(ctx, visitor.email.toLowerCase())
    expect(mails.filter((mail) => mail.kind === 'purchase' && mail.text.includes('The Course ($49.00)'))).toHaveLength(1)
    const events = await orderPaidDeliveries(ctx, funnel.seller.id)
    // The first payment's order.paid, and this charge's own.
    expect(events).toHaveLength(2)
    expect(events.map((event) => JSON.stringify(event.payload)).filter((body) => body.includes('"post_purchase"'))).toHaveLength(1)
  })

  test('decline shows the downsell, whose accept charges its own price; then the next step', async () => {
    const { reference, orderId } = await pay()
    await decline(ctx, reference, { step: 1, kind: 'upsell' })
    expect((await stateOf(ctx, reference)).json()).toMatchObject({ step: 1, kind: 'downsell', offer: { id: funnel.lite.id } })
    expect((await accept(ctx, reference, { step: 1, kind: 'downsell' })).json()).toEqual({ status: 'succeeded' })
    expect((await stateOf(ctx, reference)).json()).toMatchObject({ step: 2, kind: 'upsell' })
    expect((await providerChargesOf(ctx, orderId)).map((intent) => intent.amountCents)).toEqual([1900])
  })

  test('20 simultaneous accepts of one step make one charge, and every press is told it succeeded', async () => {
    const { reference, orderId } = await pay()
    const answers = await Promise.all(Array.from({ length: 20 }, () => accept(ctx, reference, { step: 1, kind: 'upsell' })))
    expect(answers.map((answer) => answer.json())).toEqual(Array.from({ length: 20 }, () => ({ status: 'succeeded' })))
    expect(await providerChargesOf(ctx, orderId)).toHaveLength(1)
    expect(await chargesOf(ctx, orderId)).toHaveLength(1)
    // A replay later (a reload, a retried request) answers the same and charges nothing.
    expect((await accept(ctx, reference, { step: 1, kind: 'upsell' })).json()).toEqual({ status: 'succeeded' })
    expect(await providerChargesOf(ctx, orderId)).toHaveLength(1)
  })

  test('buyers accepting at once (their claims and charges recorded together) are each charged once; a refused card in the batch fails only its own', async () => {
    const paid = [] as Awaited<ReturnType<typeof pay>>[]
    for (let n = 0; n < 6; n += 1) paid.push(await pay())
    const refusedBuyer = await pay(localTestCards.declinedLater)
    // Every buyer presses twice at the same moment: each step is named twice in the same batches.
    const presses = [...paid, refusedBuyer].flatMap(({ reference }) => [reference, reference])
    const answers = await Promise.all(presses.map((reference) => accept(ctx, reference, { step: 1, kind: 'upsell' })))
    const refused = {
      status: 'failed',
      message: postPurchaseMessages.notAdded('The Course', 'your card was declined (insufficient funds)'),
    }
    expect(answers.map((answer) => answer.json())).toEqual([
      ...paid.flatMap(() => [{ status: 'succeeded' }, { status: 'succeeded' }]),
      refused,
      refused,
    ])
    for (const { orderId } of paid) {
      expect((await providerChargesOf(ctx, orderId)).map((intent) => intent.status)).toEqual(['succeeded'])
      expect(await chargesOf(ctx, orderId)).toMatchObject([{ step: 1, state: 'succeeded', amountCents: 4900, followUpsOwed: true }])
      const lines = await ctx.db.select().from(orderLines).where(eq(orderLines.orderId, orderId))
      expect(lines.filter((line) => line.kind === 'post_purchase')).toMatchObject([{ offerId: funnel.course.id, amountCents: 4900 }])
      const [order] = await ctx.db.select().from(orders).where(eq(orders.id, orderId))
      expect(order?.postPurchaseCents).toBe(4900)
    }
    expect(await chargesOf(ctx, refusedBuyer.orderId)).toMatchObject([{ step: 1, state: 'upsell_failed' }])
    expect((await stateOf(ctx, refusedBuyer.reference)).json()).toMatchObject({ step: 1, kind: 'downsell' })
    // One follow-up job per paid charge, none for the refused one.
    expect(await followUpJobs(ctx)).toHaveLength(paid.length)
  })

  test('a price in the body is refused; a step out of order is a 409; an unknown reference a 404', async () => {
    const { reference, orderId } = await pay()
    const priced = await accept(ctx, reference, { step: 1, kind: 'upsell', amount: '0.01' })
    expect(priced.statusCode).toBe(400)
    const skipped = await accept(ctx, reference, { step: 2, kind: 'upsell' })
    expect(skipped.statusCode).toBe(409)
    expect(skipped.json().detail).toBe(postPurchaseMessages.notThisStep)
    expect((await accept(ctx, reference, { step: 1, kind: 'downsell' })).statusCode).toBe(409)
    expect((await stateOf(ctx, 'A'.repeat(22))).statusCode).toBe(404)
    expect((await accept(ctx, 'A'.repeat(22), { step: 1, kind: 'upsell' })).statusCode).toBe(404)
    expect(await providerChargesOf(ctx, orderId)).toHaveLength(0)
  })

  test('an order refunded since (in whole or in part) has no offer after it: the page is done, and accept is a 404', async () => {
    const { reference, orderId } = await pay()
    await ctx.db.update(orders).set({ status: 'partially_refunded' }).where(eq(orders.id, orderId))
    const state = await stateOf(ctx, reference)
    expect(state.statusCode).toBe(200)
    expect(state.json()).toEqual({ done: true })
    expect((await accept(ctx, reference, { step: 1, kind: 'upsell' })).statusCode).toBe(404)
    expect(await providerChargesOf(ctx, orderId)).toHaveLength(0)
  })

  test('15 minutes after the payment accept answers 410 and the page is done', async () => {
    const { reference, orderId } = await pay()
    ctx.clock.advance(15 * 60 * 1000)
    const late = await accept(ctx, reference, { step: 1, kind: 'upsell' })
    expect(late.statusCode).toBe(410)
    expect(late.json().detail).toBe(postPurchaseMessages.expired)
    expect((await stateOf(ctx, reference)).json()).toEqual({ done: true })
    expect(await providerChargesOf(ctx, orderId)).toHaveLength(0)
  })

  test('4000 0027 6000 3184 asks for authentication: Complete charges once, re-checked by the server', async () => {
    const { reference, orderId } = await pay(localTestCards.authenticates)
    const asked = (await accept(ctx, reference, { step: 1, kind: 'upsell' })).json()
    expect(asked).toMatchObject({ status: 'requires_action', provider: 'local', client_secret: expect.any(String) })
    // The challenge page says who charges how much: the seller and the stored charge's amount.
    const shown = await ctx.app.inject({ url: `/api/v1/payments/local/challenge/?client_secret=${asked.client_secret}` })
    expect(shown.json()).toEqual({ merchant: funnel.businessName, amount: '49.00', currency: 'USD' })
    expect((await ctx.app.inject({ url: '/api/v1/payments/local/challenge/?client_secret=nope' })).statusCode).toBe(404)
    // Pressing again before authenticating asks again; nothing is charged twice.
    expect((await accept(ctx, reference, { step: 1, kind: 'upsell' })).json()).toMatchObject({ status: 'requires_action' })
    expect((await stateOf(ctx, reference)).json()).toMatchObject({ step: 1, kind: 'upsell' })
    expect((await challenge(ctx, asked.client_secret, 'complete')).json()).toEqual({ status: 'succeeded' })
    expect((await accept(ctx, reference, { step: 1, kind: 'upsell' })).json()).toEqual({ status: 'succeeded' })
    expect((await stateOf(ctx, reference)).json()).toMatchObject({ step: 2 })
    const intents = await providerChargesOf(ctx, orderId)
    expect(intents.map((intent) => intent.status)).toEqual(['succeeded'])
  })

  test("a failed authentication is not charged, the first order stands, and the flow goes on to the step's downsell", async () => {
    const { reference, orderId } = await pay(localTestCards.authenticates)
    const asked = (await accept(ctx, reference, { step: 1, kind: 'upsell' })).json()
    expect((await challenge(ctx, asked.client_secret, 'fail')).json()).toMatchObject({ status: 'failed' })
    expect((await accept(ctx, reference, { step: 1, kind: 'upsell' })).json()).toEqual({
      status: 'failed',
      message: postPurchaseMessages.notAdded('The Course', 'your bank did not confirm the payment'),
    })
    // As after a decline: this step's downsell; a replay of the refused press hears the same answer.
    expect((await stateOf(ctx, reference)).json()).toMatchObject({ step: 1, kind: 'downsell', offer: { id: funnel.lite.id } })
    expect((await accept(ctx, reference, { step: 1, kind: 'upsell' })).json()).toEqual({
      status: 'failed',
      message: postPurchaseMessages.notAdded('The Course', 'your bank did not confirm the payment'),
    })
    expect((await chargesOf(ctx, orderId))[0]).toMatchObject({ state: 'upsell_failed' })
    expect((await decline(ctx, reference, { step: 1, kind: 'downsell' })).json()).toEqual({ ok: true })
    expect((await stateOf(ctx, reference)).json()).toMatchObject({ step: 2, kind: 'upsell' })
    expect((await chargesOf(ctx, orderId))[0]).toMatchObject({ state: 'declined', kind: 'downsell' })
    const receipt = (await ctx.app.inject({ url: `/api/v1/order-receipts/${reference}/` })).json()
    expect(receipt).toMatchObject({ status: 'paid', total: '3.50' })
  })

  test("4000 0000 0000 9995 pays the first order and is declined later: not charged, the step's downsell, then the next step", async () => {
    const { reference, orderId } = await pay(localTestCards.declinedLater)
    const refusedWith = (headline: string) => ({
      status: 'failed',
      message: postPurchaseMessages.notAdded(headline, 'your card was declined (insufficient funds)'),
    })
    const refused = refusedWith('The Course')
    // Issue 26: which offer and why, in plain words, before the words D34 quotes.
    expect(refused.message).toBe(
      '“The Course” was not added: your card was declined (insufficient funds). The add-on was not charged. Your first order stands.',
    )
    expect((await accept(ctx, reference, { step: 1, kind: 'upsell' })).json()).toEqual(refused)
    // A replay of the refused press hears the same.
    expect((await accept(ctx, reference, { step: 1, kind: 'upsell' })).json()).toEqual(refused)
    // D34: the flow goes on as after a decline, to this step's downsell.
    expect((await stateOf(ctx, reference)).json()).toMatchObject({ step: 1, kind: 'downsell', offer: { id: funnel.lite.id } })
    // The downsell is its own charge attempt (its own idempotency key), refused by this card too.
    expect((await accept(ctx, reference, { step: 1, kind: 'downsell' })).json()).toEqual(refusedWith('The Course Lite'))
    expect((await stateOf(ctx, reference)).json()).toMatchObject({ step: 2, kind: 'upsell' })
    const intents = await providerChargesOf(ctx, orderId)
    expect(intents.map((intent) => `${intent.metadata.post_purchase_kind} ${intent.status}`).sort()).toEqual([
      'downsell requires_payment_method',
      'upsell requires_payment_method',
    ])
    // Step 2 has no downsell: its refusal ends the steps.
    expect((await accept(ctx, reference, { step: 2, kind: 'upsell' })).json()).toEqual(refusedWith('Coaching'))
    expect((await stateOf(ctx, reference)).json()).toEqual({ done: true })
    expect((await ctx.db.select().from(orderLines).where(eq(orderLines.orderId, orderId))).map((line) => line.kind)).not.toContain(
      'post_purchase',
    )
  })

  test("an edit of the step's offer is read by the page and charged at once (the steps' cache is dropped)", async () => {
    const { reference, orderId } = await pay()
    expect((await stateOf(ctx, reference)).json()).toMatchObject({ step: 1, offer: { id: funnel.course.id, product_price: '49.00' } })
    // Any process's change reaches this one's cache through the database's notification.
    await ctx.db.update(upsellOffers).set({ priceCents: 5900 }).where(eq(upsellOffers.id, funnel.course.id))
    await eventually(async () => (await stateOf(ctx, reference)).json().offer?.product_price === '59.00')
    expect((await accept(ctx, reference, { step: 1, kind: 'upsell' })).json()).toEqual({ status: 'succeeded' })
    expect((await providerChargesOf(ctx, orderId)).map((intent) => intent.amountCents)).toEqual([5900])
  })

  test('an order of an offer without steps is done at once', async () => {
    const plain = await insertFunnel(ctx, funnel.seller.id, { upsell: false })
    const { reference } = await payFirstOrder(ctx, plain.offer.id, plain.bump?.id)
    expect((await stateOf(ctx, reference)).json()).toEqual({ done: true })
    expect((await accept(ctx, reference, { step: 1, kind: 'upsell' })).statusCode).toBe(409)
  })
})

/** The free offer form's `after_purchase` field (decision D34): one multipart field holding the JSON array. */
describe('after_purchase on the free offer form', () => {
  let ctx: TestApp
  let headers: Record<string, string>
  test.beforeEach(async ({ app }) => {
    ctx = app
    ;({ headers } = await createConnectedSellerSession(ctx))
  })
  const save = (after: string) => sendForm(ctx, 'POST', '/api/v1/free-product/', validFree({ after_purchase: after }), headers)

  test('is read back as an array, a missing downsell as null, and kept when an update leaves it out', async () => {
    const course = await createUpsell(ctx, headers)
    const lite = await createUpsell(ctx, headers)
    const coaching = await createUpsell(ctx, headers)
    const steps = [{ upsell_offer_id: course.id, downsell_offer_id: lite.id }, { upsell_offer_id: coaching.id }]
    const created = await save(JSON.stringify(steps))
    expect(created.statusCode).toBe(201)
    const expected = [
      { upsell_offer_id: course.id, downsell_offer_id: lite.id },
      { upsell_offer_id: coaching.id, downsell_offer_id: null },
    ]
    expect(created.json().after_purchase).toEqual(expected)
    const updated = await sendForm(ctx, 'PUT', `/api/v1/free-product/${created.json().id}/`, validFree(), headers)
    expect(updated.json().after_purchase).toEqual(expected)
  })

  test('an OTO offer used twice (a step, its downsell, another step, or the OTO before the payment) is a field error', async () => {
    const course = await createUpsell(ctx, headers)
    const lite = await createUpsell(ctx, headers)
    const repeats = [
      [{ upsell_offer_id: course.id, downsell_offer_id: course.id }],
      [{ upsell_offer_id: course.id, downsell_offer_id: lite.id }, { upsell_offer_id: lite.id }],
      [{ upsell_offer_id: course.id }, { upsell_offer_id: course.id }],
    ]
    for (const steps of repeats) {
      const refused = await save(JSON.stringify(steps))
      expect(refused.statusCode).toBe(400)
      expect(refused.json().after_purchase).toEqual([postPurchaseMessages.repeatedStepOffer])
    }
    const sameAsBeforePayment = await sendForm(
      ctx,
      'POST',
      '/api/v1/free-product/',
      validFree({ upsell_offer_id: course.id, after_purchase: JSON.stringify([{ upsell_offer_id: course.id }]) }),
      headers,
    )
    expect(sameAsBeforePayment.statusCode).toBe(400)
    expect(sameAsBeforePayment.json().after_purchase).toEqual([postPurchaseMessages.repeatedStepOffer])
  })

  test('another seller offer, more than 3 steps and malformed JSON are field errors', async () => {
    const own = await createUpsell(ctx, headers)
    const other = await createConnectedSellerSession(ctx)
    const theirs = await createUpsell(ctx, other.headers)
    const foreign = await save(JSON.stringify([{ upsell_offer_id: theirs.id }]))
    expect(foreign.statusCode).toBe(400)
    expect(foreign.json().after_purchase).toEqual([postPurchaseMessages.chooseStepOffer])
    const four = await save(JSON.stringify(Array.from({ length: 4 }, () => ({ upsell_offer_id: own.id }))))
    expect(four.statusCode).toBe(400)
    expect(four.json().after_purchase).toEqual([postPurchaseMessages.tooManySteps])
    const malformed = await save('[{')
    expect(malformed.statusCode).toBe(400)
    expect(malformed.json().after_purchase).toEqual([postPurchaseMessages.malformedSteps])
  })
})
