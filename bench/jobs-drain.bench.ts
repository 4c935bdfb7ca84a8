/**
 * How fast do queued CRM webhooks and emails leave? Queues a backlog of 10,000 webhooks (one
 * seller, as after one ad) and 3,000 emails, starts the job workers, and measures the drain rate
 * until every one is marked delivered/sent, against the receiver's own capacity: the same local
 * receiver hit directly by a plain loop with the concurrency the pipeline itself uses (one
 * seller's backlog runs at most `perGroup` webhooks at once, through the product's sender; mail
 * runs `concurrency` messages at once through the product's pooled SMTP transport), A/B/A/B.
 * Then one seller whose endpoint hangs and another's backlog: the other's drain rate.
 * Goals: >= 200/s each, 0 duplicates, 0 missing. Exits 1 when one is missed.
 */
import { and, count, eq, like } from 'drizzle-orm'
import { dispatchPolicies } from '../apps/api/src/jobs/queue.js'
import { emails } from '../apps/api/src/mail/mail-tables.js'
import { createMailTransport } from '../apps/api/src/mail/mail-transport.js'
import { postJson } from '../apps/api/src/modules/webhooks/webhook-sender.js'
import { webhookDeliveries } from '../apps/api/src/modules/webhooks/webhooks-tables.js'
import {
  type BenchDatabase,
  benchConfig,
  insertSeller,
  median,
  openBenchDatabase,
  queueEmails,
  queueWebhooks,
  startBenchWorkers,
  startCrm,
  startSmtp,
  until,
} from './jobs/harness.js'

const goalPerSecond = 200
// BENCH_ROUNDS lowers it on a busy machine (each round is a 10,000-webhook drain).
const rounds = Number(process.env.BENCH_ROUNDS ?? 3)
const webhookBacklog = 10_000
const emailBacklog = 3_000
const drainTimeoutMs = 300_000
// The anchor loops run as many requests at once as the pipeline may for the backlog measured.
const webhookConcurrency = dispatchPolicies['deliver-webhook']?.perGroup ?? 1
const mailConcurrency = dispatchPolicies['send-email']?.concurrency ?? 1

async function inParallel(total: number, workers: number, task: (n: number) => Promise<void>) {
  let next = 0
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (next < total) await task(next++)
    }),
  )
}

const perSecond = (n: number, startedAt: number) => n / ((performance.now() - startedAt) / 1000)

/** Anchor: the receiver's capacity for webhooks, hit by a plain loop through the same sender. */
async function directWebhooks(n: number) {
  const crm = await startCrm()
  const body = JSON.stringify({ email: 'lead@example.com', full_name: 'Lead' })
  const started = performance.now()
  await inParallel(n, webhookConcurrency, async (i) => {
    await postJson(crm.url, body, { 'x-funnelry-delivery': `direct-${i}` }, { allowPrivate: true })
  })
  const rate = perSecond(n, started)
  await crm.close()
  return rate
}

const deliveredOf = async (db: BenchDatabase, sellerId: string) =>
  (
    await db.db
      .select({ n: count() })
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.sellerId, sellerId), eq(webhookDeliveries.status, 'delivered')))
  )[0]?.n ?? 0

/** The figure: a backlog of queued webhooks drained by the workers. */
async function drainWebhooks(db: BenchDatabase, smtpUrl: string, n: number) {
  const crm = await startCrm()
  const sellerId = await insertSeller(db, crm.url)
  await queueWebhooks(db, sellerId, crm.url, n)
  const jobs = await startBenchWorkers(db, benchConfig(db, smtpUrl))
  const started = performance.now()
  await until(async () => (await deliveredOf(db, sellerId)) >= n, drainTimeoutMs, 50)
  const rate = perSecond(n, started)
  await jobs.stop()
  const unique = crm.seen.size
  const result = { rate, duplicates: crm.requests() - unique, missing: n - unique }
  await crm.close()
  return result
}

/** Anchor: the SMTP server's capacity through the product's pooled transport, by a plain loop. */
async function directEmails(smtpUrl: string, n: number) {
  const transport = createMailTransport(smtpUrl, 'Funnelry <bench@funnelry.local>', () => {})
  const started = performance.now()
  await inParallel(n, mailConcurrency, async (i) => {
    await transport.deliver({ to: `direct-${i}@example.com`, subject: 'Your free download', text: 'Here it is.' })
  })
  const rate = perSecond(n, started)
  transport.close()
  return rate
}

async function drainEmails(db: BenchDatabase, smtp: Awaited<ReturnType<typeof startSmtp>>, round: number, n: number) {
  const prefix = `round${round}`
  await queueEmails(db, prefix, n)
  const jobs = await startBenchWorkers(db, benchConfig(db, smtp.url))
  const started = performance.now()
  const sent = async () =>
    (
      await db.db
        .select({ n: count() })
        .from(emails)
        .where(and(like(emails.to, `${prefix}-%`), eq(emails.status, 'sent')))
    )[0]?.n ?? 0
  await until(async () => (await sent()) >= n, drainTimeoutMs, 50)
  const rate = perSecond(n, started)
  await jobs.stop()
  const mine = [...smtp.perRecipient].filter(([address]) => address.startsWith(`${prefix}-`))
  return { rate, duplicates: mine.reduce((sum, [, times]) => sum + times - 1, 0), missing: n - mine.length }
}

/** One seller's endpoint hangs (every attempt waits for the 5 s timeout); another's backlog drains meanwhile. */
async function drainBesideHangingSeller(db: BenchDatabase, smtpUrl: string) {
  const stuck = await startCrm({ hang: true })
  const crm = await startCrm()
  const hanging = await insertSeller(db, stuck.url)
  const healthy = await insertSeller(db, crm.url)
  await queueWebhooks(db, hanging, stuck.url, 1000)
  await queueWebhooks(db, healthy, crm.url, 3000)
  const jobs = await startBenchWorkers(db, benchConfig(db, smtpUrl))
  const started = performance.now()
  await until(async () => (await deliveredOf(db, healthy)) >= 3000, drainTimeoutMs, 50)
  const rate = perSecond(3000, started)
  const hangingAttempts = stuck.requests()
  await Promise.all([stuck.close(), crm.close()])
  await jobs.stop()
  return { rate, hangingAttemptsMeanwhile: hangingAttempts, duplicates: crm.requests() - crm.seen.size, missing: 3000 - crm.seen.size }
}

const db = await openBenchDatabase()
const smtp = await startSmtp()
const round = (value: number) => Math.round(value)
let failed = false
try {
  const webhook = { direct: [] as number[], drained: [] as number[], duplicates: 0, missing: 0 }
  const mail = { direct: [] as number[], drained: [] as number[], duplicates: 0, missing: 0 }
  for (let r = 1; r <= rounds; r++) {
    webhook.direct.push(await directWebhooks(3000))
    const drained = await drainWebhooks(db, smtp.url, webhookBacklog)
    webhook.drained.push(drained.rate)
    webhook.duplicates += drained.duplicates
    webhook.missing += drained.missing
    mail.direct.push(await directEmails(smtp.url, 1000))
    const mailed = await drainEmails(db, smtp, r, emailBacklog)
    mail.drained.push(mailed.rate)
    mail.duplicates += mailed.duplicates
    mail.missing += mailed.missing
    console.log(
      `round ${r}: webhooks ${round(drained.rate)}/s (direct ${round(webhook.direct.at(-1) ?? 0)}/s), emails ${round(mailed.rate)}/s (direct ${round(mail.direct.at(-1) ?? 0)}/s)`,
    )
  }
  const fair = await drainBesideHangingSeller(db, smtp.url)

  const summary = (figure: typeof webhook) => ({
    drained_per_s: round(median(figure.drained)),
    receiver_direct_per_s: round(median(figure.direct)),
    ratio: Number((median(figure.drained) / median(figure.direct)).toFixed(2)),
    duplicates: figure.duplicates,
    missing: figure.missing,
  })
  const results = {
    webhooks: { backlog: webhookBacklog, ...summary(webhook) },
    emails: { backlog: emailBacklog, ...summary(mail) },
    besideHangingSeller: {
      drained_per_s: round(fair.rate),
      versus_alone: Number((fair.rate / median(webhook.drained)).toFixed(2)),
      hanging_attempts_meanwhile: fair.hangingAttemptsMeanwhile,
      duplicates: fair.duplicates,
      missing: fair.missing,
    },
    goal: `>= ${goalPerSecond}/s each, 0 duplicates, 0 missing`,
  }
  console.log(JSON.stringify(results, null, 2))
  const misses = [
    results.webhooks.drained_per_s < goalPerSecond && 'webhook drain rate',
    results.emails.drained_per_s < goalPerSecond && 'email drain rate',
    results.besideHangingSeller.drained_per_s < goalPerSecond && 'drain rate beside a hanging seller',
    webhook.duplicates + mail.duplicates + fair.duplicates > 0 && 'duplicates',
    webhook.missing + mail.missing + fair.missing > 0 && 'missing deliveries',
  ].filter(Boolean)
  if (misses.length > 0) {
    console.log(`MISSED: ${misses.join(', ')}`)
    failed = true
  }
} finally {
  await smtp.close()
  await db.close()
}
process.exit(failed ? 1 : 0)
