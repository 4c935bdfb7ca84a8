import type { WebhookDelivery, WebhookDeliveryList } from '@funnelry/shared'
import { eq } from 'drizzle-orm'
import { eventually, type TestApp } from '../../../test/build-test-app.js'
import { createSellerSession } from '../../../test/factories.js'
import { describe, expect, test } from '../../../test/fixtures.js'
import { configureWebhook, insertFreeOffer } from '../../../test/funnel-factories.js'
import { startReceiver } from '../../../test/http-receiver.js'
import { webhookAttempts, webhookDeliveries } from './webhooks-tables.js'

type Headers = Record<string, string>
type Receiver = Awaited<ReturnType<typeof startReceiver>>

describe('the CRM webhook delivery log', () => {
  let ctx: TestApp
  let broken: Receiver
  let fixed: Receiver
  let seller: Awaited<ReturnType<typeof createSellerSession>>
  let other: Awaited<ReturnType<typeof createSellerSession>>
  let offerId: string

  test.override('appOptions', () => ({ workers: true }))
  test.beforeEach(async ({ app }) => {
    ctx = app
    broken = await startReceiver(() => 410)
    fixed = await startReceiver(() => 200)
    seller = await createSellerSession(ctx)
    other = await createSellerSession(ctx)
    offerId = (await insertFreeOffer(ctx, seller.seller.id, { headline: 'The Guide' })).id
  })
  test.afterEach(async () => {
    await broken.close()
    await fixed.close()
  })

  const list = async (as: Headers, query = '') => {
    const response = await ctx.app.inject({ url: `/api/v1/webhook-deliveries/${query}`, headers: as })
    expect(response.statusCode).toBe(200)
    return response.json() as WebhookDeliveryList
  }
  const retry = (id: string, as: Headers) => ctx.app.inject({ method: 'POST', url: `/api/v1/webhook-deliveries/${id}/retry/`, headers: as })
  const statusOf = async (id: string) => (await ctx.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id)))[0]?.status

  test('shows a failed delivery with its last attempt; Retry sends it again, to the address fixed since', async () => {
    await configureWebhook(ctx, seller.seller.id, broken.url)
    const optIn = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/seller/webhook/notify/',
      payload: { full_name: 'Grace Hopper', email: 'grace@example.com', product_id: offerId },
    })
    expect(optIn.statusCode).toBe(201)
    // Queued by the worker just after the answer (docs/decisions/0011).
    const [delivery] = await eventually(async () => {
      const { results } = await list(seller.headers)
      return results.length > 0 && results
    })
    if (!delivery) throw new Error('no delivery listed')
    await eventually(async () => (await statusOf(delivery.id)) === 'failed')

    const failed = (await list(seller.headers)).results[0]
    expect(failed).toMatchObject({ id: delivery.id, event: 'lead.created', url: broken.url, status: 'failed', attempts: 1 })
    expect(failed?.last_attempt).toMatchObject({ status_code: 410, error: null, reason: 'Your CRM answered 410 Gone.' })
    // Who it was for, read from the payload the CRM received.
    expect(failed?.subject).toEqual({
      email: 'grace@example.com',
      full_name: 'Grace Hopper',
      offer_headline: 'The Guide',
      amount: null,
      currency: null,
    })
    expect(new Date(failed?.last_attempt?.created_at ?? '').toString()).not.toBe('Invalid Date')

    await configureWebhook(ctx, seller.seller.id, fixed.url)
    const retried = await retry(delivery.id, seller.headers)
    expect(retried.statusCode).toBe(202)
    expect(retried.json()).toMatchObject({ id: delivery.id, url: fixed.url })
    expect(['pending', 'delivered']).toContain((retried.json() as WebhookDelivery).status)
    await eventually(async () => (await statusOf(delivery.id)) === 'delivered')
    expect(fixed.requests).toHaveLength(1)
    expect(JSON.parse(fixed.requests[0]?.body ?? '{}')).toMatchObject({ Email: 'grace@example.com', event: 'lead.created' })

    const delivered = (await list(seller.headers)).results[0]
    expect(delivered).toMatchObject({
      status: 'delivered',
      attempts: 2,
      url: fixed.url,
      last_attempt: { status_code: 200, error: null, reason: null },
    })
  })

  test('refuses to retry a delivered or a pending delivery', async () => {
    const [delivered] = await ctx.db
      .insert(webhookDeliveries)
      .values({ sellerId: seller.seller.id, event: 'lead.created', url: fixed.url, payload: {}, status: 'delivered', attempts: 1 })
      .returning()
    const again = await retry(delivered?.id ?? '', seller.headers)
    expect(again.statusCode).toBe(400)
    expect(again.json()).toEqual({ detail: 'This delivery has already been delivered.' })

    // A pending delivery whose job is queued (no worker picks it up: its address never answers it).
    const [pending] = await ctx.db
      .insert(webhookDeliveries)
      .values({
        sellerId: seller.seller.id,
        event: 'lead.created',
        url: 'http://192.0.2.1/never',
        payload: {},
        status: 'pending',
        attempts: 3,
      })
      .returning()
    const refused = await retry(pending?.id ?? '', seller.headers)
    expect(refused.statusCode).toBe(400)
    expect(refused.json()).toMatchObject({ detail: expect.stringContaining('still being attempted') })
  })

  test('lists newest first, pages, and takes each delivery’s latest attempt', async () => {
    const sellerId = other.seller.id
    const at = (iso: string) => new Date(iso)
    const ids: string[] = []
    for (const [n, status] of (['failed', 'delivered', 'pending'] as const).entries()) {
      const [row] = await ctx.db
        .insert(webhookDeliveries)
        .values({
          sellerId,
          event: 'order.paid',
          url: fixed.url,
          payload: { n },
          status,
          attempts: n,
          createdAt: at(`2025-06-0${n + 1}T10:00:00Z`),
        })
        .returning()
      if (!row) throw new Error('no delivery stored')
      ids.unshift(row.id)
    }
    const [, deliveredId, failedId] = ids
    await ctx.db.insert(webhookAttempts).values([
      { deliveryId: failedId ?? '', statusCode: null, error: 'connect ECONNREFUSED', durationMs: 3, createdAt: at('2025-06-01T10:00:01Z') },
      { deliveryId: deliveredId ?? '', statusCode: 503, error: null, durationMs: 5, createdAt: at('2025-06-02T10:00:01Z') },
      { deliveryId: deliveredId ?? '', statusCode: 200, error: null, durationMs: 5, createdAt: at('2025-06-02T10:05:00Z') },
    ])

    const all = await list(other.headers)
    expect(all.count).toBe(3)
    expect(all.results.map((delivery) => delivery.id)).toEqual(ids)
    expect(all.results.map((delivery) => delivery.last_attempt)).toEqual([
      null,
      { status_code: 200, error: null, reason: null, created_at: '2025-06-02T10:05:00.000Z' },
      {
        status_code: null,
        error: 'connect ECONNREFUSED',
        reason: 'Your CRM refused the connection (nothing is listening at that address).',
        created_at: '2025-06-01T10:00:01.000Z',
      },
    ])
    const page = await list(other.headers, '?page=2&page_size=2')
    expect(page).toMatchObject({ count: 3, next: null, previous: 'http://funnelry.test/api/v1/webhook-deliveries/?page=1&page_size=2' })
    expect(page.results.map((delivery) => delivery.id)).toEqual([failedId])

    // No webhook is set up for this seller any more: the retry goes to the recorded address.
    const before = fixed.requests.length
    expect((await retry(failedId ?? '', other.headers)).statusCode).toBe(202)
    await eventually(async () => (await statusOf(failedId ?? '')) === 'delivered')
    expect(fixed.requests).toHaveLength(before + 1)
  })

  test('keeps each seller’s log to themselves', async () => {
    const mine = (await list(seller.headers)).results.map((delivery) => delivery.id)
    const theirs = (await list(other.headers)).results.map((delivery) => delivery.id)
    expect(mine.filter((id) => theirs.includes(id))).toEqual([])
    const [myDelivery] = mine
    const foreign = await retry(myDelivery ?? '', other.headers)
    expect(foreign.statusCode).toBe(404)
    expect((await retry('not-an-id', other.headers)).statusCode).toBe(404)
    expect((await retry(crypto.randomUUID(), other.headers)).statusCode).toBe(404)
    expect((await ctx.app.inject({ url: '/api/v1/webhook-deliveries/' })).statusCode).toBe(401)
    expect((await ctx.app.inject({ method: 'POST', url: `/api/v1/webhook-deliveries/${myDelivery}/retry/` })).statusCode).toBe(401)
  })
})
