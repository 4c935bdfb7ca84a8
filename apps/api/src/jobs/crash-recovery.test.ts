import { mkdtemp, rm } from 'node:fs/promises'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, eventually, type TestApp, testJwtSecret } from '../../test/build-test-app.js'
import { buildApiIfChanged, type CompiledProcess, runCompiled } from '../../test/compiled-process.js'
import { createSeller } from '../../test/factories.js'
import { freePort } from '../../test/free-port.js'
import { configureWebhook, insertFreeOffer } from '../../test/funnel-factories.js'
import { webhookDeliveries } from '../modules/webhooks/webhooks-tables.js'

/**
 * A CRM that never answers a delivery's first attempt (the worker is killed while it waits) and
 * accepts every later one: what it received, by `webhook-id`.
 */
async function startHangingCrm() {
  const attempts = new Map<string, number>()
  const held: http.ServerResponse[] = []
  const server = http.createServer((request, response) => {
    request.resume()
    request.on('end', () => {
      const id = String(request.headers['webhook-id'])
      attempts.set(id, (attempts.get(id) ?? 0) + 1)
      if (attempts.get(id) === 1) held.push(response)
      else response.writeHead(200).end()
    })
  })
  const port = await freePort()
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    attempts,
    close: async () => {
      for (const response of held) response.destroy()
      await new Promise((resolve) => server.close(resolve))
    },
  }
}

// Issue 23: jobs active when their worker was killed waited for pg-boss' expiry (5-6 minutes).
describe('jobs in flight when their worker is killed', () => {
  let ctx: TestApp
  let crm: Awaited<ReturnType<typeof startHangingCrm>>
  let dataDir: string
  let env: Record<string, string>
  let offerId: string
  const workers: CompiledProcess[] = []

  beforeAll(async () => {
    await buildApiIfChanged()
    // The test's own app runs no job workers: only the worker processes below deliver.
    ctx = await createTestApp()
    crm = await startHangingCrm()
    const { seller } = await createSeller(ctx)
    offerId = (await insertFreeOffer(ctx, seller.id)).id
    await configureWebhook(ctx, seller.id, crm.url)
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'funnelry-crash-jobs-'))
    env = {
      DATABASE_URL: ctx.config.DATABASE_URL ?? '',
      DATA_DIR: dataDir,
      JWT_SECRET: testJwtSecret,
      ALLOW_PRIVATE_WEBHOOKS: 'true',
      LOG_LEVEL: 'info',
      NODE_ENV: 'test',
    }
  }, 120_000)

  afterAll(async () => {
    for (const worker of workers) await worker.stop()
    await crm?.close()
    await ctx?.close()
    if (dataDir) await rm(dataDir, { recursive: true, force: true })
  })

  it('run again soon after a new worker starts, with the same delivery id, and complete', async () => {
    const first = runCompiled('worker.js', [], env)
    workers.push(first)
    await first.printed('workers running')
    const emails = ['ada@example.com', 'grace@example.com', 'edsger@example.com']
    for (const email of emails) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/seller/webhook/notify/',
        payload: { full_name: 'Visitor', email, product_id: offerId },
      })
      expect(response.statusCode).toBe(201)
    }
    // Every delivery is in flight: sent, and waiting for the CRM's answer.
    await eventually(async () => crm.attempts.size === emails.length, 30_000)
    await first.kill()

    const second = runCompiled('worker.js', [], env)
    workers.push(second)
    const deliveries = await eventually(async () => {
      const rows = await ctx.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.status, 'delivered'))
      return rows.length === emails.length ? rows : undefined
    }, 45_000)
    // At least once, with the delivery id as `webhook-id` on both attempts, for the CRM to dedupe.
    expect([...crm.attempts.keys()].sort()).toEqual(deliveries.map((delivery) => delivery.id).sort())
    expect([...crm.attempts.values()]).toEqual(emails.map(() => 2))
    expect(second.output()).toContain('deliver-webhook job(s) of a worker that stopped run again')
  }, 120_000)
})
