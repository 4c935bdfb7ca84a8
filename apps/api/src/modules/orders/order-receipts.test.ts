import { paymentMessages } from '@funnelry/shared'
import type { TestApp } from '../../../test/build-test-app.js'
import { describe, expect, test } from '../../../test/fixtures.js'
import { confirmLocal, createIntent, createLocalSeller, insertFunnel, updateIntent, visitor } from './checkout-test-kit.js'

/** Issue 9 item 9: the thank-you page's summary, by an unguessable short-lived reference, never the order id. */
describe('GET /api/v1/order-receipts/{reference}/', () => {
  let ctx: TestApp
  let funnel: Awaited<ReturnType<typeof insertFunnel>>

  const receipt = (reference: string) => ctx.app.inject({ url: `/api/v1/order-receipts/${encodeURIComponent(reference)}/` })

  test.beforeEach(async ({ app }) => {
    ctx = app
    const seller = await createLocalSeller(ctx)
    funnel = await insertFunnel(ctx, seller.seller.id)
  })

  test('lists what a paid order holds at the prices charged, and the total, with nothing about the visitor', async () => {
    const created = (
      await createIntent(ctx, {
        ...visitor,
        product_id: funnel.offer.id,
        bump_offer_id: funnel.bump?.id,
        upsell_offer_id: funnel.upsell?.id,
        upsell_shown: true,
      })
    ).json()
    const pending = await receipt(created.order_reference)
    expect(pending.statusCode).toBe(200)
    expect(pending.json()).toMatchObject({ status: 'pending', total: '52.50' })
    // Decision D25: the free download at once; what is paid for only once it is paid.
    expect(pending.json().items.map((item: { url: string | null }) => item.url)).toEqual([funnel.offer.url, null, null])

    expect((await confirmLocal(ctx, { client_secret: created.client_secret, card_number: '4242424242424242' })).statusCode).toBe(200)
    const response = await receipt(created.order_reference)
    expect(response.headers['cache-control']).toBe('no-store')
    expect(response.json()).toEqual({
      reference: created.order_reference,
      // The browser's Purchase event is `order.<order_id>` (decision D29), as the server's.
      order_id: expect.any(String),
      status: 'paid',
      items: [
        { id: funnel.offer.id, kind: 'free', name: 'Seven Recipes', price: '0.00', url: 'https://files.example/recipes.pdf' },
        { id: funnel.bump?.id, kind: 'bump', name: 'The Checklist', price: '3.50', url: funnel.bump?.url },
        { id: funnel.upsell?.id, kind: 'upsell', name: 'The Course', price: '49.00', url: funnel.upsell?.url },
      ],
      total: '52.50',
      currency: 1,
    })
    expect(response.body).not.toContain('Ada')
    // The order's id (the browser's intent_id) is named for the Purchase event's id, never used as the reference.
    expect(response.json().order_id).toBe(created.intent_id)
    expect(created.order_reference).not.toBe(created.intent_id)
  })

  test('summarises a free order, keeps one reference through updates, and expires an hour after the last change', async () => {
    const free = (await createIntent(ctx, { ...visitor, product_id: funnel.offer.id, upsell_shown: true })).json()
    expect((await receipt(free.order_reference)).json()).toMatchObject({
      status: 'paid',
      items: [{ kind: 'free', price: '0.00', url: 'https://files.example/recipes.pdf' }],
      total: '0.00',
    })

    const open = (await createIntent(ctx, { ...visitor, product_id: funnel.offer.id, bump_offer_id: funnel.bump?.id })).json()
    ctx.clock.advance(50 * 60 * 1000)
    const updated = (await updateIntent(ctx, { intent_id: open.intent_id, ...visitor, upsell_offer_id: funnel.upsell?.id })).json()
    expect(updated.order_reference).toBe(open.order_reference)
    ctx.clock.advance(50 * 60 * 1000)
    // 100 minutes after the free order, 50 after the update.
    expect((await receipt(free.order_reference)).statusCode).toBe(404)
    expect((await receipt(open.order_reference)).json()).toMatchObject({ status: 'pending', total: '52.50' })
    ctx.clock.advance(11 * 60 * 1000)
    const expired = await receipt(open.order_reference)
    expect(expired.statusCode).toBe(404)
    expect(expired.json()).toEqual({ detail: paymentMessages.receiptNotFound })
  })

  test('answers 404 alike for an unknown reference, an order id, a draft and anything malformed', async () => {
    const draft = (await createIntent(ctx, { product_id: funnel.offer.id, bump_offer_id: funnel.bump?.id })).json()
    expect(draft.order_reference).toBeNull()
    const paid = (await createIntent(ctx, { ...visitor, product_id: funnel.offer.id })).json()
    for (const reference of ['AAAAAAAAAAAAAAAAAAAAAA', draft.intent_id, paid.intent_id, 'not a reference', `${paid.order_reference}x`]) {
      const response = await receipt(reference)
      expect(response.statusCode).toBe(404)
      expect(response.json()).toEqual({ detail: paymentMessages.receiptNotFound })
    }
  })
})
