import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { eq } from 'drizzle-orm'
import { eventually, type TestApp } from '../../../test/build-test-app.js'
import { createSeller } from '../../../test/factories.js'
import { describe, expect, test } from '../../../test/fixtures.js'
import { configureWebhook } from '../../../test/funnel-factories.js'
import { firstRow } from '../../db/first-row.js'
import { unfinishedAttempt } from './webhook-repository.js'
import { queueWebhook, queueWebhooks } from './webhook-service.js'
import { webhookAttempts, webhookDeliveries } from './webhooks-tables.js'

/** A CRM stand-in that lets the test decide, per request, when (and whether) to answer. */
async function startCrm(onRequest: (request: http.IncomingMessage, response: http.ServerResponse) => void) {
  const server = http.createServer((request, response) => {
    request.resume()
    request.on('end', () => onRequest(request, response))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    close: () => {
      server.closeAllConnections()
      return new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

const subject = (sellerId: string, n: number) => ({
  sellerId,
  event: 'lead.created' as const,
  email: `visitor-${n}@example.com`,
  fullName: `Visitor ${n}`,
  offerId: '00000000-0000-4000-8000-000000000000',
  offerHeadline: 'The Guide',
  createdAt: new Date(),
})

const queue = (ctx: TestApp, sellerId: string, count: number) =>
  ctx.db.transaction(async (tx) => {
    for (let n = 0; n < count; n++) await queueWebhook(tx, ctx.jobs, subject(sellerId, n))
  })

describe('CRM webhook delivery', () => {
  let ctx: TestApp
  const closers: (() => Promise<void>)[] = []
  test.override('appOptions', () => ({ workers: true }))
  test.beforeEach(async ({ app }) => {
    ctx = app
  })
  test.afterEach(async () => {
    for (const close of closers.splice(0)) await close()
  })

  test('logs each attempt before sending it, with the delivery id as X-Funnelry-Delivery', async () => {
    const { seller } = await createSeller(ctx)
    const seenByReceiver: { deliveryId: string; loggedAttempts: { error: string | null }[] }[] = []
    const crm = await startCrm(async (request, response) => {
      // While the request is in flight, the log already holds its attempt.
      const deliveryId = String(request.headers['x-funnelry-delivery'])
      const loggedAttempts = await ctx.db.select().from(webhookAttempts).where(eq(webhookAttempts.deliveryId, deliveryId))
      seenByReceiver.push({ deliveryId, loggedAttempts })
      response.writeHead(200).end()
    })
    closers.push(crm.close)
    await configureWebhook(ctx, seller.id, crm.url)
    await queue(ctx, seller.id, 1)

    const [seen] = await eventually(async () => (seenByReceiver.length > 0 ? seenByReceiver : undefined))
    expect(seen?.loggedAttempts).toEqual([expect.objectContaining({ error: unfinishedAttempt, statusCode: null })])

    const delivery = await eventually(async () => {
      const row = await firstRow(
        ctx.db
          .select()
          .from(webhookDeliveries)
          .where(eq(webhookDeliveries.id, seen?.deliveryId ?? '')),
      )
      return row?.status === 'delivered' ? row : undefined
    })
    expect(delivery.attempts).toBe(1)
    const attempts = await ctx.db.select().from(webhookAttempts).where(eq(webhookAttempts.deliveryId, delivery.id))
    expect(attempts).toEqual([expect.objectContaining({ statusCode: 200, error: null })])
  })

  test("keeps a seller whose endpoint hangs to a few delivery slots, so another seller's deliveries go out meanwhile", async () => {
    const hanging = (await createSeller(ctx)).seller
    const healthy = (await createSeller(ctx)).seller
    let hangingInFlight = 0
    let hangingMostInFlight = 0
    const stuck = await startCrm((request) => {
      hangingInFlight++
      hangingMostInFlight = Math.max(hangingMostInFlight, hangingInFlight)
      request.socket.on('close', () => hangingInFlight--)
      // Never answers: each attempt waits for the sender's own timeout.
    })
    closers.push(stuck.close)
    const delivered: string[] = []
    const crm = await startCrm((request, response) => {
      delivered.push(String(request.headers['x-funnelry-delivery']))
      response.writeHead(200).end()
    })
    closers.push(crm.close)
    await configureWebhook(ctx, hanging.id, stuck.url)
    await configureWebhook(ctx, healthy.id, crm.url)

    // The hanging seller's 120 come first: more than one process runs at once (100). They are
    // queued as lead capture's batches queue them, the healthy seller's one by one: both paths
    // must put a delivery in its seller's group.
    await ctx.db.transaction((tx) =>
      queueWebhooks(
        tx,
        ctx.jobs,
        Array.from({ length: 120 }, (_, n) => subject(hanging.id, n)),
      ),
    )
    await queue(ctx, healthy.id, 20)

    await eventually(async () => delivered.length >= 20)
    expect(new Set(delivered).size).toBe(20)
    expect(hangingMostInFlight).toBeGreaterThan(0)
    // The per-seller cap of deliver-webhook (jobs/queue.ts).
    expect(hangingMostInFlight).toBeLessThanOrEqual(25)
  })
})
