import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, eventually, type TestApp, testJwtSecret } from '../../test/build-test-app.js'
import { buildApiIfChanged } from '../../test/compiled-process.js'
import { createSeller } from '../../test/factories.js'
import { freePort } from '../../test/free-port.js'
import { configureWebhook, insertFreeOffer } from '../../test/funnel-factories.js'
import { startReceiver } from '../../test/http-receiver.js'
import { repoRoot } from '../config.js'
import { webhookDeliveries } from '../modules/webhooks/webhooks-tables.js'

type Running = { child: ChildProcess; output: () => string }

/** Runs the compiled API (apps/api/dist, as `npm start` runs it) with `args`. */
function run(file: string, args: string[], env: Record<string, string>): Running {
  const child = spawn(process.execPath, [path.join(repoRoot, 'apps/api/dist', file), ...args], {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout?.on('data', (chunk) => {
    output += chunk
  })
  child.stderr?.on('data', (chunk) => {
    output += chunk
  })
  return { child, output: () => output }
}

async function stop({ child }: Running) {
  if (child.exitCode !== null) return
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.kill('SIGTERM')
  await exited
}

describe('web processes and a worker process on one database', () => {
  let ctx: TestApp
  let receiver: Awaited<ReturnType<typeof startReceiver>>
  let dataDir: string
  const processes: Running[] = []
  const webUrls: string[] = []
  let offerId: string

  beforeAll(async () => {
    await buildApiIfChanged()

    // The test's own app runs no job workers: only the worker process below delivers.
    ctx = await createTestApp()
    receiver = await startReceiver()
    const { seller } = await createSeller(ctx)
    offerId = (await insertFreeOffer(ctx, seller.id)).id
    await configureWebhook(ctx, seller.id, receiver.url)

    dataDir = await mkdtemp(path.join(os.tmpdir(), 'funnelry-split-'))
    const env = {
      DATABASE_URL: ctx.config.DATABASE_URL ?? '',
      DATA_DIR: dataDir,
      JWT_SECRET: testJwtSecret,
      ALLOW_PRIVATE_WEBHOOKS: 'true',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
    }
    for (let n = 0; n < 2; n++) {
      const port = await freePort()
      processes.push(run('server.js', ['--web-only'], { ...env, PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` }))
      webUrls.push(`http://127.0.0.1:${port}`)
    }
    processes.push(run('worker.js', [], env))
    for (const url of webUrls) {
      await eventually(async () => (await fetch(`${url}/api/v1/health/`).catch(() => undefined))?.ok, 60_000).catch((error: Error) => {
        throw new Error(`${error.message}\n${processes.map((p) => p.output()).join('\n')}`)
      })
    }
  }, 120_000)

  afterAll(async () => {
    for (const running of processes) await stop(running)
    await receiver?.close()
    await ctx?.close()
    if (dataDir) await rm(dataDir, { recursive: true, force: true })
  })

  it('delivers a lead captured by either web process once, through the worker', async () => {
    const capture = (url: string, email: string) =>
      fetch(`${url}/api/v1/seller/webhook/notify/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ full_name: 'Visitor', email, product_id: offerId }),
      })
    const [first, second] = webUrls
    expect((await capture(first ?? '', 'first@example.com')).status).toBe(201)
    expect((await capture(second ?? '', 'second@example.com')).status).toBe(201)

    const deliveries = await eventually(async () => {
      const rows = await ctx.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.status, 'delivered'))
      return rows.length === 2 ? rows : undefined
    }, 30_000)
    expect(receiver.requests).toHaveLength(2)
    expect(receiver.requests.map((request) => request.headers['x-funnelry-delivery']).sort()).toEqual(deliveries.map((d) => d.id).sort())
    expect(receiver.requests.map((request) => JSON.parse(request.body).Email).sort()).toEqual(['first@example.com', 'second@example.com'])
    expect(deliveries.every((delivery) => delivery.attempts === 1)).toBe(true)
  })
})
