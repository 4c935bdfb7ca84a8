import net from 'node:net'
import { eq } from 'drizzle-orm'
import { createTestApp, eventually, type TestApp } from '../../../test/build-test-app.js'
import { waitForDrainedQueues } from '../../../test/drained-queues.js'
import { createSeller } from '../../../test/factories.js'
import { describe, expect, test } from '../../../test/fixtures.js'
import { freePort } from '../../../test/free-port.js'
import { configureWebhook, insertFreeOffer } from '../../../test/funnel-factories.js'
import { startReceiver } from '../../../test/http-receiver.js'
import { emails } from '../../mail/mail-tables.js'
import { unfinishedAttempt, webhookRepository } from '../webhooks/webhook-repository.js'
import { verifyWebhookSignature } from '../webhooks/webhook-signature.js'
import { webhookAttempts, webhookDeliveries } from '../webhooks/webhooks-tables.js'
import { leads } from './leads-tables.js'

const notify = (ctx: TestApp, payload: Record<string, unknown>, remoteAddress = '203.0.113.7') =>
  ctx.app.inject({ method: 'POST', url: '/api/v1/seller/webhook/notify/', payload, remoteAddress })

describe('lead capture and the CRM webhook', () => {
  let ctx: TestApp
  let receiver: Awaited<ReturnType<typeof startReceiver>>
  let sellerId: string
  let offerId: string

  test.override('appOptions', () => ({ workers: true }))
  test.beforeEach(async ({ app }) => {
    ctx = app
    receiver = await startReceiver()
    sellerId = (await createSeller(ctx)).seller.id
    offerId = (await insertFreeOffer(ctx, sellerId, { headline: 'Seven Recipes' })).id
    await configureWebhook(ctx, sellerId, receiver.url, { email: 'EmailAddress', fullName: 'FullName' })
  })
  test.afterEach(async () => {
    await receiver.close()
  })

  test('stores the lead before answering and delivers a signed webhook with the seller’s key names', async () => {
    const response = await notify(ctx, { full_name: 'Grace Hopper', email: 'Grace@Example.com', product_id: offerId })
    expect(response.statusCode).toBe(201)
    const stored = await ctx.db.select().from(leads).where(eq(leads.freeOfferId, offerId))
    expect(stored).toMatchObject([{ email: 'grace@example.com', fullName: 'Grace Hopper', sellerId }])
    // The browser's Lead event is `lead.<id>` (decision D29): the answer names the stored lead.
    expect(response.json()).toEqual({ status: 'subscribed', id: stored[0]?.id })

    await eventually(async () => receiver.requests.length === 1)
    const [request] = receiver.requests
    const body = JSON.parse(request?.body ?? '{}')
    expect(body).toMatchObject({
      EmailAddress: 'grace@example.com',
      FullName: 'Grace Hopper',
      event: 'lead.created',
      offer_id: offerId,
      offer_headline: 'Seven Recipes',
    })
    expect(new Date(body.created_at).toString()).not.toBe('Invalid Date')
    const secret = await webhookRepository.signingSecret(ctx.db, sellerId)
    expect(verifyWebhookSignature(secret, request?.body ?? '', request?.headers['x-signature'] as string)).toBe(true)
    expect(verifyWebhookSignature('another secret', request?.body ?? '', request?.headers['x-signature'] as string)).toBe(false)
  })

  test('keeps one lead per offer and email, takes the latest name, and does not notify the CRM twice', async () => {
    expect((await notify(ctx, { full_name: 'Grace Hopper', email: 'Grace@Example.com', product_id: offerId })).statusCode).toBe(201)
    await eventually(async () => receiver.requests.length === 1)
    const response = await notify(ctx, { full_name: 'Grace B. Hopper', email: 'grace@example.COM', product_id: offerId })
    expect(response.statusCode).toBe(201)
    const stored = await ctx.db.select().from(leads).where(eq(leads.freeOfferId, offerId))
    expect(stored).toHaveLength(1)
    expect(stored[0]?.fullName).toBe('Grace B. Hopper')
    const deliveries = await ctx.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.sellerId, sellerId))
    expect(deliveries).toHaveLength(1)
    await waitForDrainedQueues(ctx.pool)
    expect(receiver.requests).toHaveLength(1)
  })

  test("answers with the spec's messages for bad details", async () => {
    const missing = await notify(ctx, { full_name: ' ', email: '', product_id: offerId })
    expect(missing.statusCode).toBe(400)
    expect(missing.json()).toEqual({
      detail: expect.any(String),
      full_name: ['Full Name is required'],
      email: ['Email Address is required'],
    })
    const malformed = await notify(ctx, { full_name: 'A', email: 'nope', product_id: 'not-an-id' })
    expect(malformed.statusCode).toBe(400)
    expect(malformed.json()).toEqual({ detail: expect.any(String), email: ['Invalid email'], product_id: ['This offer does not exist.'] })
    const unknownField = await notify(ctx, { full_name: 'A', email: 'a@example.com', product_id: offerId, amount: 1 })
    expect(unknownField.statusCode).toBe(400)
  })

  test('refuses unknown and inactive offers clearly', async () => {
    const unknown = await notify(ctx, { full_name: 'A', email: 'a@example.com', product_id: crypto.randomUUID() })
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json()).toEqual({ detail: 'This offer does not exist.' })
    const inactive = await insertFreeOffer(ctx, sellerId, { isActive: false })
    const refused = await notify(ctx, { full_name: 'A', email: 'a@example.com', product_id: inactive.id })
    expect(refused.statusCode).toBe(400)
    expect(refused.json()).toEqual({ detail: expect.any(String), non_field_errors: ['Offer is not available'] })
  })

  test('takes every visitor behind one shared address (decision D22)', async () => {
    const carrier = '198.51.100.9'
    const visitors = Array.from({ length: 120 }, (_, n) => ({
      full_name: `Visitor ${n}`,
      email: `visitor${n}@example.com`,
      product_id: offerId,
    }))
    const responses = await Promise.all(visitors.map((visitor) => notify(ctx, visitor, carrier)))
    expect(responses.map((response) => response.statusCode)).toEqual(visitors.map(() => 201))
    const stored = await ctx.db.select({ email: leads.email }).from(leads).where(eq(leads.freeOfferId, offerId))
    expect(stored.map((lead) => lead.email)).toEqual(expect.arrayContaining(visitors.map((visitor) => visitor.email)))
  })

  test('refuses one person signing up to one offer over and over, with a clear 429', async () => {
    const statuses: number[] = []
    for (let n = 0; n < 11; n += 1) {
      statuses.push((await notify(ctx, { full_name: 'Repeat', email: 'repeat@example.com', product_id: offerId })).statusCode)
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(201))
    const refused = await notify(ctx, { full_name: 'Repeat', email: 'REPEAT@example.com', product_id: offerId })
    expect(refused.statusCode).toBe(429)
    expect(refused.json().detail).toMatch(
      /^This email address was just signed up for this offer several times\. Please wait \d+ seconds and try again\.$/,
    )
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
    // Someone else on the same offer is not held up by it.
    expect((await notify(ctx, { full_name: 'Other', email: 'other@example.com', product_id: offerId })).statusCode).toBe(201)
  })
})

describe('webhook delivery', () => {
  test('retries after 5xx answers, logging every attempt, until delivered', async () => {
    const ctx = await createTestApp({ workers: true })
    const receiver = await startReceiver((n) => (n <= 2 ? 503 : 200))
    try {
      const { seller } = await createSeller(ctx)
      const offer = await insertFreeOffer(ctx, seller.id)
      await configureWebhook(ctx, seller.id, receiver.url)
      await notify(ctx, { full_name: 'Retry Me', email: 'retry@example.com', product_id: offer.id })

      const delivery = await eventually(async () => {
        const [row] = await ctx.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.sellerId, seller.id))
        return row?.status === 'delivered' ? row : undefined
      }, 20_000)
      expect(delivery.attempts).toBe(3)
      const attempts = await ctx.db.select().from(webhookAttempts).where(eq(webhookAttempts.deliveryId, delivery.id))
      expect(attempts.map((a) => a.statusCode).sort()).toEqual([200, 503, 503])
      expect(receiver.requests).toHaveLength(3)
    } finally {
      await ctx.close()
      await receiver.close()
    }
  })

  test('gives up at once on a 4xx answer', async () => {
    const ctx = await createTestApp({ workers: true })
    const receiver = await startReceiver(() => 410)
    try {
      const { seller } = await createSeller(ctx)
      const offer = await insertFreeOffer(ctx, seller.id)
      await configureWebhook(ctx, seller.id, receiver.url)
      await notify(ctx, { full_name: 'Gone', email: 'gone@example.com', product_id: offer.id })
      const delivery = await eventually(async () => {
        const [row] = await ctx.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.sellerId, seller.id))
        return row?.status === 'failed' ? row : undefined
      })
      expect(delivery.attempts).toBe(1)
      expect(receiver.requests).toHaveLength(1)
    } finally {
      await ctx.close()
      await receiver.close()
    }
  })

  test.each([
    ['a name that resolves to a private address', (url: string) => url.replace('127.0.0.1', 'localhost')],
    ['a private IP literal', (url: string) => url],
    ['an IPv6 loopback literal', (url: string) => url.replace('127.0.0.1', '[::1]')],
    ['a decimal spelling of loopback', (url: string) => url.replace('127.0.0.1', '2130706433')],
  ])('refuses, at delivery time, %s', async (_case, toTarget) => {
    const ctx = await createTestApp({ workers: true, env: { ALLOW_PRIVATE_WEBHOOKS: 'false' } })
    const receiver = await startReceiver()
    try {
      const { seller } = await createSeller(ctx)
      const offer = await insertFreeOffer(ctx, seller.id)
      // Stored directly, as if saved before the rule existed or while private targets were allowed.
      await configureWebhook(ctx, seller.id, toTarget(receiver.url))
      await notify(ctx, { full_name: 'Intruder', email: 'x@example.com', product_id: offer.id })
      const delivery = await eventually(async () => {
        const [row] = await ctx.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.sellerId, seller.id))
        return row?.status === 'failed' ? row : undefined
      })
      const [attempt] = await ctx.db.select().from(webhookAttempts).where(eq(webhookAttempts.deliveryId, delivery.id))
      expect(attempt?.error).toContain('not a public address')
      expect(delivery.attempts).toBe(1)
      expect(receiver.requests).toHaveLength(0)
    } finally {
      await ctx.close()
      await receiver.close()
    }
  })

  test('gives up on an attempt after 5 seconds even when the receiver keeps trickling bytes', async () => {
    const ctx = await createTestApp({ workers: true })
    // A valid start, then a header that grows by a byte every half second and never ends: no idle
    // timeout would ever fire.
    const sockets = new Set<net.Socket>()
    const trickler = net.createServer((socket) => {
      sockets.add(socket)
      socket.write('HTTP/1.1 200 OK\r\nX-Slow: ')
      const timer = setInterval(() => socket.write('a'), 500)
      socket.on('close', () => clearInterval(timer))
      socket.on('error', () => clearInterval(timer))
    })
    const port = await freePort()
    await new Promise<void>((resolve) => trickler.listen(port, '127.0.0.1', resolve))
    try {
      const { seller } = await createSeller(ctx)
      const offer = await insertFreeOffer(ctx, seller.id)
      await configureWebhook(ctx, seller.id, `http://127.0.0.1:${port}/hook`)
      await notify(ctx, { full_name: 'Slow', email: 'slow@example.com', product_id: offer.id })
      const attempt = await eventually(async () => {
        const [row] = await ctx.db.select().from(webhookAttempts)
        // The attempt is logged before it is sent; wait for its outcome.
        return row?.error === unfinishedAttempt ? undefined : row
      }, 15_000)
      expect(attempt.error).toBe('no answer within 5 seconds')
      expect(attempt.statusCode).toBeNull()
    } finally {
      await ctx.close()
      for (const socket of sockets) socket.destroy()
      await new Promise((resolve) => trickler.close(resolve))
    }
  })

  test('keeps a queued delivery until a worker runs (nothing is lost across a restart)', async () => {
    const ctx = await createTestApp()
    const receiver = await startReceiver()
    try {
      const { seller } = await createSeller(ctx)
      const offer = await insertFreeOffer(ctx, seller.id)
      await configureWebhook(ctx, seller.id, receiver.url)
      await notify(ctx, { full_name: 'Patient', email: 'patient@example.com', product_id: offer.id })
      // What the lead is owed waits in the queue (stored with the lead, before the answer) while no worker runs.
      const queued = await ctx.pool.query(`select name, state from pgboss.job where name in ('queue-lead-follow-ups', 'deliver-webhook')`)
      expect(queued.rows).toEqual([{ name: 'queue-lead-follow-ups', state: 'created' }])
      expect(receiver.requests).toHaveLength(0)

      await ctx.startWorkers()
      await eventually(async () => receiver.requests.length === 1)
    } finally {
      await ctx.close()
      await receiver.close()
    }
  })

  test('records nothing to deliver when the seller has no webhook', async () => {
    const ctx = await createTestApp()
    try {
      const { seller } = await createSeller(ctx)
      const offer = await insertFreeOffer(ctx, seller.id)
      expect((await notify(ctx, { full_name: 'Quiet', email: 'q@example.com', product_id: offer.id })).statusCode).toBe(201)
      // The worker queues what the lead is owed: its download email, and no delivery.
      await ctx.startWorkers()
      await eventually(async () => (await ctx.db.select().from(emails).where(eq(emails.to, 'q@example.com'))).length === 1)
      expect(await ctx.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.sellerId, seller.id))).toHaveLength(0)
    } finally {
      await ctx.close()
    }
  })
})
