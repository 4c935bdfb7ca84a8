import { chmod, mkdtemp, rm } from 'node:fs/promises'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { SMTPServer } from 'smtp-server'
import { type Config, loadConfig } from '../../apps/api/src/config.js'
import { connectDatabase } from '../../apps/api/src/db/client.js'
import { startEmbeddedDatabase } from '../../apps/api/src/db/embedded.js'
import { runMigrations } from '../../apps/api/src/db/migrate.js'
import { createJobQueue } from '../../apps/api/src/jobs/queue.js'
import { emails } from '../../apps/api/src/mail/mail-tables.js'
import { seedOptionLists } from '../../apps/api/src/modules/sellers/sellers-module.js'
import { sellers } from '../../apps/api/src/modules/sellers/sellers-tables.js'
import { crmWebhooks, webhookDeliveries } from '../../apps/api/src/modules/webhooks/webhooks-tables.js'
import { startWorkers } from '../../apps/api/src/workers.js'

/** The database the bench uses: DATABASE_URL's server, or an embedded one in a temporary folder. */
export async function openBenchDatabase() {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'funnelry-jobs-bench-'))
  await chmod(dataDir, 0o755)
  const embedded = process.env.DATABASE_URL
    ? undefined
    : await startEmbeddedDatabase({ dataDir, port: 20000 + Math.floor(Math.random() * 20000) })
  const url = process.env.DATABASE_URL ?? embedded?.url ?? ''
  const database = connectDatabase(url)
  await runMigrations(database.pool)
  await seedOptionLists(database.db)
  return {
    url,
    dataDir,
    ...database,
    async close() {
      await database.close()
      await embedded?.stop()
      await rm(dataDir, { recursive: true, force: true })
    },
  }
}
export type BenchDatabase = Awaited<ReturnType<typeof openBenchDatabase>>

/** A fast CRM stand-in: answers 200 at once, or never when `hang` (each attempt then times out). */
export async function startCrm({ hang = false } = {}) {
  const seen = new Map<string, number>()
  const server = http.createServer((request, response) => {
    request.resume()
    request.on('end', () => {
      const id = String(request.headers['x-funnelry-delivery'] ?? 'direct')
      seen.set(id, (seen.get(id) ?? 0) + 1)
      if (!hang) response.writeHead(200).end()
    })
  })
  server.keepAliveTimeout = 60_000
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    seen,
    requests: () => [...seen.values()].reduce((sum, n) => sum + n, 0),
    close: () => {
      server.closeAllConnections()
      return new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

/** A local SMTP server that accepts everything and counts messages per recipient. */
export async function startSmtp() {
  const perRecipient = new Map<string, number>()
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    maxClients: 100,
    closeTimeout: 1000,
    onData(stream, session, callback) {
      stream.resume()
      stream.on('end', () => {
        for (const rcpt of session.envelope.rcptTo) perRecipient.set(rcpt.address, (perRecipient.get(rcpt.address) ?? 0) + 1)
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.server.address() as AddressInfo).port
  return {
    url: `smtp://127.0.0.1:${port}`,
    perRecipient,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

export function benchConfig(db: BenchDatabase, smtpUrl: string): Config {
  return loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: db.url,
    DATA_DIR: db.dataDir,
    JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256-signing',
    ALLOW_PRIVATE_WEBHOOKS: 'true',
    SMTP_URL: smtpUrl,
    LOG_LEVEL: 'silent',
  })
}

let sellerCount = 0
/** A seller whose CRM webhook points at `url`. */
export async function insertSeller(db: BenchDatabase, url: string): Promise<string> {
  sellerCount++
  const [row] = await db.db
    .insert(sellers)
    .values({
      email: `bench-${sellerCount}-${Date.now()}@example.com`,
      fullName: 'Bench Seller',
      businessName: 'Bench',
      website: 'https://example.com',
      businessIndustry: 'Other',
      staffMembers: '1',
      hasStripeAccount: false,
      passwordHash: 'not-a-hash',
    })
    .returning({ id: sellers.id })
  if (!row) throw new Error('no seller')
  await db.db.insert(crmWebhooks).values({ sellerId: row.id, url })
  return row.id
}

const chunk = <T>(items: T[], size: number) =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, i * size + size))

/** Queues `count` webhook deliveries of one seller as the product does: a row each, and a job in the seller's group. */
export async function queueWebhooks(db: BenchDatabase, sellerId: string, url: string, count: number) {
  const boss = createJobQueue(db.url)
  await boss.start()
  const ids: string[] = []
  for (const part of chunk([...Array(count).keys()], 1000)) {
    const rows = await db.db
      .insert(webhookDeliveries)
      .values(
        part.map((n) => ({ sellerId, event: 'lead.created', url, payload: { email: `lead-${n}@example.com`, full_name: `Lead ${n}` } })),
      )
      .returning({ id: webhookDeliveries.id })
    ids.push(...rows.map((row) => row.id))
    await boss.boss.insert(
      'deliver-webhook',
      rows.map((row) => ({ data: { deliveryId: row.id }, group: { id: sellerId } })),
    )
  }
  await boss.stop()
  return ids
}

/** Queues `count` emails to distinct recipients `prefix-n@example.com`. */
export async function queueEmails(db: BenchDatabase, prefix: string, count: number) {
  const boss = createJobQueue(db.url)
  await boss.start()
  for (const part of chunk([...Array(count).keys()], 1000)) {
    const rows = await db.db
      .insert(emails)
      .values(
        part.map((n) => ({ to: `${prefix}-${n}@example.com`, subject: 'Your free download', text: 'Here it is.', kind: 'free-download' })),
      )
      .returning({ id: emails.id })
    await boss.boss.insert(
      'send-email',
      rows.map((row) => ({ data: { emailId: row.id } })),
    )
  }
  await boss.stop()
}

/** Starts the product's job workers (as `npm run worker` does) on the bench database. */
export async function startBenchWorkers(db: BenchDatabase, config: Config) {
  const jobs = createJobQueue(db.url, { pollingIntervalSeconds: 0.5, onError: () => {} })
  await jobs.start()
  await startWorkers({ config, db: db.db, jobs, log: () => {} })
  return jobs
}

export async function until(check: () => Promise<boolean> | boolean, timeoutMs: number, pollMs = 20) {
  const deadline = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out')
    await new Promise((resolve) => setTimeout(resolve, pollMs))
  }
}

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2
}
