import { paymentMessages } from '@funnelry/shared'
import { eq } from 'drizzle-orm'
import type { TestApp } from '../../../test/build-test-app.js'
import { describe, expect, test } from '../../../test/fixtures.js'
import { firstRow } from '../../db/first-row.js'
import {
  confirmLocal,
  createIntent,
  createLocalSeller,
  emailsTo,
  insertFunnel,
  orderOf,
  orderPaidDeliveries,
  updateIntent,
} from '../orders/checkout-test-kit.js'
import { localPaymentIntents } from './payments-tables.js'

describe('the local test card form (POST /payments/local/confirm/)', () => {
  let ctx: TestApp
  let seller: Awaited<ReturnType<typeof createLocalSeller>>
  let funnel: Awaited<ReturnType<typeof insertFunnel>>
  let buyers = 0

  /** An order for the bump, by a buyer of its own. */
  const openOrder = async () => {
    buyers += 1
    const email = `buyer${buyers}@example.com`
    const response = await createIntent(ctx, { full_name: 'Buyer', email, product_id: funnel.offer.id, bump_offer_id: funnel.bump?.id })
    const body = response.json() as { intent_id: string; client_secret: string }
    return { ...body, email }
  }
  const intentOf = async (orderId: string) => {
    const order = await orderOf(ctx, orderId)
    return firstRow(
      ctx.db
        .select()
        .from(localPaymentIntents)
        .where(eq(localPaymentIntents.id, order?.intentId ?? '')),
    )
  }

  test.beforeEach(async ({ app }) => {
    ctx = app
    seller = await createLocalSeller(ctx)
    funnel = await insertFunnel(ctx, seller.seller.id)
  })

  test('pays with 4242 4242 4242 4242 (spaces ignored) and fulfils through the same handler as the webhook', async () => {
    const order = await openOrder()
    const response = await confirmLocal(ctx, { client_secret: order.client_secret, card_number: '4242 4242 4242 4242' })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ status: 'succeeded' })
    expect(await intentOf(order.intent_id)).toMatchObject({ status: 'succeeded' })
    expect(await orderOf(ctx, order.intent_id)).toMatchObject({ status: 'paid' })
    // The free download left when the details arrived (D16); the payment adds the purchase email.
    expect((await emailsTo(ctx, order.email)).map((mail) => mail.kind).sort()).toEqual(['free-download', 'purchase'])
    expect(await orderPaidDeliveries(ctx, seller.seller.id)).toHaveLength(0) // no CRM webhook configured
  })

  test('answers "succeeded" again to a repeated or concurrent confirm, and fulfils once', async () => {
    const order = await openOrder()
    const confirm = () => confirmLocal(ctx, { client_secret: order.client_secret, card_number: '4242424242424242' })
    const responses = await Promise.all([confirm(), confirm(), confirm(), confirm(), confirm()])
    expect(responses.map((response) => response.json())).toEqual(Array(5).fill({ status: 'succeeded' }))
    expect((await confirm()).json()).toEqual({ status: 'succeeded' })
    expect((await emailsTo(ctx, order.email)).filter((mail) => mail.kind === 'purchase')).toHaveLength(1)
  })

  test('declines 4000 0000 0000 0002 with the card message, marks the order failed, and lets the visitor pay after', async () => {
    const order = await openOrder()
    const declined = await confirmLocal(ctx, { client_secret: order.client_secret, card_number: '4000 0000 0000 0002' })
    expect(declined.statusCode).toBe(400)
    expect(declined.json()).toEqual({ detail: expect.any(String), status: 'failed', error: 'Your card was declined.' })
    expect(await orderOf(ctx, order.intent_id)).toMatchObject({ status: 'failed', paidAt: null })
    expect(await intentOf(order.intent_id)).toMatchObject({ status: 'requires_payment_method', lastError: 'Your card was declined.' })
    expect((await emailsTo(ctx, order.email)).map((mail) => mail.kind)).toEqual(['free-download'])

    const paid = await confirmLocal(ctx, { client_secret: order.client_secret, card_number: '4242424242424242' })
    expect(paid.json()).toEqual({ status: 'succeeded' })
    expect(await orderOf(ctx, order.intent_id)).toMatchObject({ status: 'paid' })
  })

  /** The local challenge page's answer (decision D34). */
  const answerChallenge = (clientSecret: string, outcome: 'complete' | 'fail') =>
    ctx.app.inject({ method: 'POST', url: '/api/v1/payments/local/challenge/', payload: { client_secret: clientSecret, outcome } })

  test('4000 0027 6000 3184 asks for authentication first; Complete pays and fulfils once, a replay changes nothing', async () => {
    const order = await openOrder()
    const asked = await confirmLocal(ctx, { client_secret: order.client_secret, card_number: '4000 0027 6000 3184' })
    expect(asked.json()).toEqual({ status: 'requires_action' })
    expect(await orderOf(ctx, order.intent_id)).toMatchObject({ paidAt: null })
    // Pressing Pay again before answering asks again; nothing is paid.
    expect((await confirmLocal(ctx, { client_secret: order.client_secret, card_number: '4000002760003184' })).json()).toEqual({
      status: 'requires_action',
    })
    const challenge = await ctx.app.inject({ url: `/api/v1/payments/local/challenge/?client_secret=${order.client_secret}` })
    expect(challenge.json()).toMatchObject({ amount: '3.50', currency: 'USD' })

    const answers = await Promise.all([answerChallenge(order.client_secret, 'complete'), answerChallenge(order.client_secret, 'complete')])
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 404])
    expect(answers.find((answer) => answer.statusCode === 200)?.json()).toEqual({ status: 'succeeded' })
    expect(await orderOf(ctx, order.intent_id)).toMatchObject({ status: 'paid' })
    expect((await emailsTo(ctx, order.email)).filter((mail) => mail.kind === 'purchase')).toHaveLength(1)
    // Paid: the card form's confirm answers as for any paid intent, and fulfils nothing again.
    expect((await confirmLocal(ctx, { client_secret: order.client_secret, card_number: '4000002760003184' })).json()).toEqual({
      status: 'succeeded',
    })
    expect((await emailsTo(ctx, order.email)).filter((mail) => mail.kind === 'purchase')).toHaveLength(1)
  })

  test('a failed authentication leaves the order unpaid and payable with another card', async () => {
    const order = await openOrder()
    await confirmLocal(ctx, { client_secret: order.client_secret, card_number: '4000002760003184' })
    expect((await answerChallenge(order.client_secret, 'fail')).json()).toEqual({
      status: 'failed',
      message: paymentMessages.authenticationFailed,
    })
    expect(await intentOf(order.intent_id)).toMatchObject({
      status: 'requires_payment_method',
      lastError: paymentMessages.authenticationFailed,
    })
    expect(await orderOf(ctx, order.intent_id)).toMatchObject({ paidAt: null })
    expect((await emailsTo(ctx, order.email)).map((mail) => mail.kind)).toEqual(['free-download'])

    const paid = await confirmLocal(ctx, { client_secret: order.client_secret, card_number: '4242424242424242' })
    expect(paid.json()).toEqual({ status: 'succeeded' })
    expect(await orderOf(ctx, order.intent_id)).toMatchObject({ status: 'paid' })
  })

  test('a challenge left unanswered (a reload at the card form) does not lock the order: the bump can change, and the new total is paid', async () => {
    const order = await openOrder()
    await confirmLocal(ctx, { client_secret: order.client_secret, card_number: '4000002760003184' })
    // The reloaded page sends its details again, bump unticked: the $3.50 challenge no longer stands.
    const changed = await updateIntent(ctx, { intent_id: order.intent_id, full_name: 'Buyer', email: order.email, bump_offer_id: null })
    expect(changed.statusCode).toBe(200)
    const first = await firstRow(ctx.db.select().from(localPaymentIntents).where(eq(localPaymentIntents.clientSecret, order.client_secret)))
    expect(first).toMatchObject({ status: 'canceled' })
    expect((await answerChallenge(order.client_secret, 'complete')).statusCode).toBe(404)
    expect(await orderOf(ctx, order.intent_id)).toMatchObject({ paidAt: null })

    // Ticked again: a new payment for the bump, paid once.
    const again = await updateIntent(ctx, {
      intent_id: order.intent_id,
      full_name: 'Buyer',
      email: order.email,
      bump_offer_id: funnel.bump?.id,
    })
    const { client_secret } = again.json() as { client_secret: string }
    expect(client_secret).not.toBe(order.client_secret)
    expect((await confirmLocal(ctx, { client_secret, card_number: '4242424242424242' })).json()).toEqual({ status: 'succeeded' })
    expect(await orderOf(ctx, order.intent_id)).toMatchObject({ status: 'paid', amountCents: 350 })
  })

  test('names the test cards for any other number, and changes nothing', async () => {
    const order = await openOrder()
    for (const card_number of ['4111 1111 1111 1111', '', '4242']) {
      const response = await confirmLocal(ctx, { client_secret: order.client_secret, card_number })
      expect(response.statusCode).toBe(400)
      expect(response.json()).toEqual({
        detail: expect.any(String),
        status: 'failed',
        error: 'Use the test card 4242 4242 4242 4242 (or 4000 0000 0000 0002 to see a decline).',
      })
    }
    expect(await orderOf(ctx, order.intent_id)).toMatchObject({ status: 'pending' })
    expect(await intentOf(order.intent_id)).toMatchObject({ status: 'requires_payment_method', lastError: null })
  })

  test('answers 404 for an unknown client secret and field errors for a malformed body', async () => {
    const unknown = await confirmLocal(ctx, { client_secret: 'pi_local_x_secret_y', card_number: '4242424242424242' })
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json()).toEqual({ detail: expect.any(String), status: 'failed', error: paymentMessages.intentNotFound })
    const malformed = await confirmLocal(ctx, { client_secret: 'pi_local_x_secret_y', amount: 1 })
    expect(malformed.statusCode).toBe(400)
    expect(malformed.json()).toEqual({
      detail: expect.any(String),
      card_number: ['Card number is required'],
      amount: ['This field is not accepted here.'],
    })
    const broken = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/payments/local/confirm/',
      headers: { 'content-type': 'application/json' },
      payload: '{"client_secret": ',
    })
    expect(broken.statusCode).toBe(400)
    expect(broken.json()).toEqual({ detail: 'The request body is not valid JSON.' })
  })
})
