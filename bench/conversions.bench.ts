/**
 * Server-side conversions (issue 24, D30): paid checkouts and opt-ins through the product's own API
 * (lead capture; payment intent, then the payment event handed to fulfilment as the provider
 * webhook does), every event sent by the job workers to local stand-ins for Meta's Graph API and
 * GA4's Measurement Protocol, beside the seller's CRM webhooks.
 *  1. live: workers running while the events happen; each event's delay from its commit (the lead
 *     stored, the order marked paid) to the stand-in receiving it, p99 per platform.
 *  2. backlog: the same events made while no worker runs, then drained; events/s per platform.
 *  3. outage: the stand-in answers 503 for 30 s in the middle of a live run.
 * Every event must reach each platform exactly once in every phase. Counts: BENCH_OPT_INS
 * (10,000) and BENCH_CHECKOUTS (1,000); BENCH_PHASES picks phases. Goals: p99 <= 10 s, >= 200 events/s per platform,
 * 0 duplicates, 0 missing. Exits 1 when one is missed.
 */
import { dispatchPolicies } from '../apps/api/src/jobs/queue.js'
import { postForAnswer } from '../apps/api/src/modules/conversions/platform-http.js'
import { startAdPlatformsStandIn } from '../apps/api/test/support/ad-platforms-stand-in.js'
import { inParallel, insertConversionSeller, nextVisitor, percentile, startProduct } from './conversions/harness.js'
import { openBenchDatabase, startCrm, until } from './jobs/harness.js'

const optIns = Number(process.env.BENCH_OPT_INS ?? 10_000)
const checkouts = Number(process.env.BENCH_CHECKOUTS ?? 1_000)
const outageMs = 30_000
const goals = { p99Ms: 10_000, perSecond: 200 }
const concurrency = 20
/** BENCH_PHASES=backlog runs only the phases named (live, backlog, outage; all by default). */
const phases = new Set((process.env.BENCH_PHASES ?? 'live,backlog,outage').split(','))

const db = await openBenchDatabase()
const standIn = await startAdPlatformsStandIn()
const crm = await startCrm()
const product = await startProduct(db, standIn.url)
const seller = await insertConversionSeller(db, crm.url)
const eventTimes = new Map<string, number>()

/** One opt-in through lead capture; its event time is the lead's commit, the answer's arrival. */
async function optIn() {
  const visitor = nextVisitor()
  const response = await product.app.inject({
    method: 'POST',
    url: '/api/v1/seller/webhook/notify/',
    payload: { product_id: seller.offerId, email: `visitor${visitor.n}@bench.example`, full_name: `Visitor Number${visitor.n}` },
    headers: visitor.headers,
    remoteAddress: visitor.remoteAddress,
  })
  if (response.statusCode !== 201) throw new Error(`opt-in answered ${response.statusCode}: ${response.body}`)
  const { rows } = await db.pool.query<{ id: string }>('select id from leads where email = $1', [`visitor${visitor.n}@bench.example`])
  eventTimes.set(`lead.${rows[0]?.id}`, Date.now())
}

/** One paid checkout: the order with its bump, then the provider's success event handed to fulfilment. */
async function paidCheckout() {
  const visitor = nextVisitor()
  const response = await product.app.inject({
    method: 'POST',
    url: '/api/v1/stripe/payment-intent/',
    payload: {
      product_id: seller.offerId,
      bump_offer_id: seller.bumpId,
      full_name: `Buyer ${visitor.n}`,
      email: `buyer${visitor.n}@bench.example`,
    },
    headers: visitor.headers,
    remoteAddress: visitor.remoteAddress,
  })
  if (response.statusCode !== 200) throw new Error(`checkout answered ${response.statusCode}: ${response.body}`)
  const orderId: string = response.json().intent_id
  const { rows } = await db.pool.query<{ intent_id: string; amount_cents: number }>(
    'select intent_id, amount_cents from orders where id = $1',
    [orderId],
  )
  const order = rows[0]
  if (!order) throw new Error('no order')
  await product.fulfilment.handle({
    type: 'payment_intent.succeeded',
    eventId: `evt_bench_${visitor.n}`,
    intentId: order.intent_id,
    accountId: seller.accountId,
    amountCents: order.amount_cents,
    currency: 'usd',
    metadata: {},
    failureMessage: null,
  })
  eventTimes.set(`order.${orderId}`, Date.now())
}

/** The phase's events, opt-ins and checkouts interleaved (one checkout per opt-ins/checkouts opt-ins). */
async function makeEvents(leads: number, orders: number) {
  const every = Math.max(1, Math.floor(leads / Math.max(1, orders)))
  let made = 0
  await inParallel(leads + orders, concurrency, async (n) => {
    if (n % (every + 1) === every && made < orders) {
      made += 1
      await paidCheckout()
    } else await optIn()
  })
}

const eventIdOf = (body: Record<string, unknown>) => {
  const data = body.data as { event_id?: string }[] | undefined
  const events = body.events as { params?: { event_id?: string; transaction_id?: string } }[] | undefined
  return data?.[0]?.event_id ?? events?.[0]?.params?.transaction_id ?? events?.[0]?.params?.event_id ?? ''
}

/** Exactly once per platform: accepted requests per event id (5xx answers are not deliveries). */
function tally(expected: string[], accepted: { platform: 'meta' | 'google'; id: string; at: number }[]) {
  const result = {
    meta: { duplicates: 0, missing: 0, delays: [] as number[] },
    google: { duplicates: 0, missing: 0, delays: [] as number[] },
  }
  for (const platform of ['meta', 'google'] as const) {
    const seen = new Map<string, number>()
    for (const entry of accepted) if (entry.platform === platform) seen.set(entry.id, (seen.get(entry.id) ?? 0) + 1)
    for (const id of expected) {
      const times = seen.get(id) ?? 0
      if (times === 0) result[platform].missing += 1
      if (times > 1) result[platform].duplicates += times - 1
    }
    for (const entry of accepted) {
      const at = eventTimes.get(entry.id)
      if (entry.platform === platform && at !== undefined) result[platform].delays.push(Math.max(0, entry.at - at))
    }
  }
  return result
}

let outage = false
const accepted: { platform: 'meta' | 'google'; id: string; at: number }[] = []
standIn.answerWith((request) => {
  if (outage) return { status: 503, body: { error: { message: 'Service temporarily unavailable', code: 2 } } }
  accepted.push({ platform: request.platform, id: eventIdOf(request.body), at: Date.now() })
  return undefined
})

async function phase(name: string, leads: number, orders: number, options: { workersFirst: boolean; outage?: boolean }) {
  eventTimes.clear()
  accepted.splice(0)
  let workers = options.workersFirst ? await product.startWorkers() : undefined
  const started = Date.now()
  const outageTimer = options.outage
    ? setTimeout(() => {
        outage = true
        setTimeout(() => {
          outage = false
        }, outageMs)
      }, 5_000)
    : undefined
  await makeEvents(leads, orders)
  const madeIn = (Date.now() - started) / 1000
  if (!workers) workers = await product.startWorkers()
  const expected = [...eventTimes.keys()]
  const firstOf = new Map<string, number>()
  await until(
    () => {
      for (const entry of accepted) firstOf.set(`${entry.platform} ${entry.id}`, entry.at)
      return firstOf.size >= expected.length * 2
    },
    600_000,
    200,
  )
  // The drain: from the first event a platform accepted to the last (worker start-up left out).
  const times = accepted.map((entry) => entry.at)
  const drainSeconds = Math.max(0.001, (Math.max(...times) - Math.min(...times)) / 1000)
  clearTimeout(outageTimer)
  // Late duplicates would come from retries still queued: wait until no conversion job is left.
  await until(
    async () => {
      const { rows } = await db.pool.query<{ n: number }>(
        "select count(*)::int as n from pgboss.job where name = 'send-conversion' and state in ('created', 'retry', 'active')",
      )
      return rows[0]?.n === 0
    },
    600_000,
    500,
  )
  await workers.stop()
  const counts = tally(expected, accepted)
  const summary = {
    phase: name,
    events: expected.length,
    made_in_s: Number(madeIn.toFixed(1)),
    meta: {
      p50_ms: percentile(counts.meta.delays, 50),
      p99_ms: percentile(counts.meta.delays, 99),
      duplicates: counts.meta.duplicates,
      missing: counts.meta.missing,
    },
    google: {
      p50_ms: percentile(counts.google.delays, 50),
      p99_ms: percentile(counts.google.delays, 99),
      duplicates: counts.google.duplicates,
      missing: counts.google.missing,
    },
    drained_per_s_per_platform: Math.round(expected.length / drainSeconds),
  }
  console.log(JSON.stringify(summary))
  return summary
}

/** Anchor: the stand-in's capacity on this machine now, hit by a plain loop with the pipeline's per-seller concurrency. */
async function directRate(n: number) {
  const url = `${standIn.url}/v23.0/123456789012345/events?access_token=meta-test-token`
  const body = JSON.stringify({ data: [{ event_name: 'Lead', event_id: 'direct' }] })
  const started = Date.now()
  await inParallel(n, dispatchPolicies['send-conversion']?.perGroup ?? 1, async () => {
    await postForAnswer(url, body, 10_000)
  })
  const rate = Math.round(n / ((Date.now() - started) / 1000))
  accepted.splice(0)
  return rate
}

let failed = false
try {
  console.log(`stand-in direct: ${await directRate(2000)} requests/s (a plain loop, no database)`)
  const live = phases.has('live') ? await phase('live', optIns, checkouts, { workersFirst: true }) : undefined
  const backlog = phases.has('backlog') ? await phase('backlog', optIns, checkouts, { workersFirst: false }) : undefined
  const down = phases.has('outage')
    ? await phase('outage 30 s', Math.min(optIns, 3000), Math.min(checkouts, 300), { workersFirst: true, outage: true })
    : undefined
  const misses = [
    live && Math.max(live.meta.p99_ms, live.google.p99_ms) > goals.p99Ms && 'p99 delay',
    backlog && backlog.drained_per_s_per_platform < goals.perSecond && 'drain rate',
    ...[live, backlog, down]
      .flatMap((result) => (result ? [result] : []))
      .map(
        (result) =>
          result.meta.duplicates + result.google.duplicates + result.meta.missing + result.google.missing > 0 &&
          `exactly once (${result.phase})`,
      ),
  ].filter(Boolean)
  console.log(
    `goals: p99 <= ${goals.p99Ms} ms, >= ${goals.perSecond} events/s per platform, 0 duplicates, 0 missing; CRM webhooks received ${crm.requests()}`,
  )
  if (misses.length > 0) {
    console.log(`MISSED: ${misses.join(', ')}`)
    failed = true
  }
} finally {
  await product.close()
  await Promise.all([standIn.close(), crm.close()])
  await db.close()
}
process.exit(failed ? 1 : 0)
