/**
 * Issue 12: does a seller with a million leads wait longer than a seller with a thousand? Seeds its
 * own embedded PostgreSQL (two sellers with 1,000,000 leads and 100,000 orders each, one with 1,000
 * of each), starts the real app on a free port and times every list call over HTTP for the small
 * and a big seller, interleaved, median of 5. Then five clients at once on the big sellers (p99),
 * and the leads CSV export against PostgreSQL's own COPY of the same rows. Exits 1 when a goal is
 * missed. `LIST_SPEED_DATA_DIR=/some/dir` keeps the seeded database between runs;
 * `LIST_SPEED_PARTS=lists,concurrent,export` picks parts (all by default).
 */
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { Writable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { to as copyTo } from 'pg-copy-streams'
import { buildApp } from '../apps/api/src/app.js'
import { loadConfig } from '../apps/api/src/config.js'
import { connectDatabase } from '../apps/api/src/db/client.js'
import { startEmbeddedDatabase } from '../apps/api/src/db/embedded.js'
import { runMigrations } from '../apps/api/src/db/migrate.js'
import { createJobQueue } from '../apps/api/src/jobs/queue.js'
import { createTokenSigner } from '../apps/api/src/lib/tokens.js'
import { freePort } from '../apps/api/test/free-port.js'
import { interleaved, median, ms, percentile, timed } from './list-speed/measure.js'
import { type BenchSeller, findSellers, seedAll } from './list-speed/seed.js'

const goals = { ratio: 1.5, p99Ms: 100, exportRatio: 1.3, exportHeapMb: 64 }
const big = { leads: 1_000_000, orders: 100_000 }
const small = { leads: 1_000, orders: 1_000 }
const rounds = 5
const parts = new Set((process.env.LIST_SPEED_PARTS ?? 'lists,concurrent,export').split(','))

const keptDir = process.env.LIST_SPEED_DATA_DIR
const dataDir = keptDir ?? (await mkdtemp(path.join(os.tmpdir(), 'funnelry-list-speed-')))
const database = await startEmbeddedDatabase({ dataDir, port: await freePort(), log: (line) => console.log(line) })
const handle = connectDatabase(database.url, 10)
let failed = false
try {
  await runMigrations(handle.pool)
  const names = ['bench-small', 'bench-big-a', 'bench-big-b']
  const client = await handle.pool.connect()
  let sellers: BenchSeller[] = []
  try {
    const found = await findSellers(client, names)
    if (found) sellers = found
    else {
      const seeding = await timed(async () => {
        sellers = await seedAll(client, [
          { name: names[0] ?? '', ...small },
          { name: names[1] ?? '', ...big },
          { name: names[2] ?? '', ...big },
        ])
      })
      console.log(`seeded 2,002,000 leads and 201,000 orders in ${(seeding / 1000).toFixed(1)} s`)
    }
  } finally {
    client.release()
  }
  const [smallSeller, bigSeller, otherBigSeller] = threeSellers(sellers, names)

  const secret = 'list-speed-bench-secret-long-enough-for-hs256'
  const config = loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: database.url,
    DATA_DIR: dataDir,
    JWT_SECRET: secret,
    PUBLIC_URL: 'http://127.0.0.1',
    LOG_LEVEL: 'silent',
  })
  const tokens = createTokenSigner(secret)
  const jobs = createJobQueue(database.url, {})
  const app = await buildApp({ config, db: handle.db, jobs, tokens, webDist: path.join(dataDir, 'no-web') })
  const base = await app.listen({ port: 0, host: '127.0.0.1' })
  // A log-in of the seeded seller (one refresh-token family), which its access token names.
  const auth = async (seller: BenchSeller) => {
    const logInId = crypto.randomUUID()
    await handle.pool.query(
      "insert into refresh_tokens (id, seller_id, family_id, expires_at) values ($1, $2, $1, now() + interval '7 days')",
      [logInId, seller.id],
    )
    return {
      authorization: `Bearer ${await tokens.signAccess({ user_id: seller.id, full_name: seller.email, email: seller.email }, logInId)}`,
    }
  }
  const headers = new Map<string, Record<string, string>>()
  for (const seller of [smallSeller, bigSeller, otherBigSeller]) headers.set(seller.id, await auth(seller))

  /** GET with the seller's token; the body read to the end. */
  const get = async (seller: BenchSeller, url: string) => {
    const response = await fetch(new URL(url, base), { headers: headers.get(seller.id) })
    if (response.status !== 200) throw new Error(`${url}: ${response.status} ${await response.text()}`)
    return response.json() as Promise<{ count: number; next: string | null; results: unknown[] }>
  }
  /** The path of page 5000 as a seller reaches it: the `next` link of page 4999. */
  const deepPage = async (seller: BenchSeller, list: 'leads' | 'orders') => {
    const before = await get(seller, `/api/v1/${list}/?page=4999`)
    return before.next ? new URL(before.next).pathname + new URL(before.next).search : `/api/v1/${list}/?page=5000`
  }

  type Call = { name: string; url: (seller: BenchSeller) => string | Promise<string> }
  const calls: Call[] = [
    { name: 'leads page 1', url: () => '/api/v1/leads/' },
    { name: 'leads of one free offer', url: (s) => `/api/v1/leads/?free_offer=${s.offerIds[0]}` },
    { name: 'leads of 4 months', url: () => '/api/v1/leads/?date_from=2025-03-01&date_to=2025-06-30' },
    { name: 'leads search "smith" (4%)', url: () => '/api/v1/leads/?search=smith' },
    { name: 'leads search with no match', url: () => '/api/v1/leads/?search=zqxj' },
    {
      name: 'leads search "smith" + offer + dates',
      url: (s) => `/api/v1/leads/?search=smith&free_offer=${s.offerIds[1]}&date_from=2025-03-01`,
    },
    { name: 'leads page 5000 (next link)', url: (s) => deepPage(s, 'leads') },
    { name: 'leads last page (by number)', url: (s) => `/api/v1/leads/?page=${Math.ceil(s.leads / 12)}` },
    { name: 'orders page 1', url: () => '/api/v1/orders/' },
    { name: 'orders paid', url: () => '/api/v1/orders/?status=paid' },
    { name: 'orders search "smith"', url: () => '/api/v1/orders/?search=smith' },
    { name: 'orders page 5000 (next link)', url: (s) => deepPage(s, 'orders') },
    { name: 'offer stats', url: (s) => `/api/v1/free-product/${s.offerIds[0]}/stats/` },
    { name: 'offer stats of 4 months', url: (s) => `/api/v1/free-product/${s.offerIds[0]}/stats/?date_from=2025-03-01&date_to=2025-06-30` },
    // Decision D37: a month in a seller's time zone, its sources, and the lists' campaign filters.
    {
      name: 'offer stats, 30 days in New York',
      url: (s) => `/api/v1/free-product/${s.offerIds[0]}/stats/?from=2025-03-01&to=2025-03-30&tz=America/New_York`,
    },
    { name: 'offer sources, 30 days', url: (s) => `/api/v1/free-product/${s.offerIds[0]}/stats/sources/?from=2025-03-01&to=2025-03-30` },
    { name: 'offer sources of 4 months', url: (s) => `/api/v1/free-product/${s.offerIds[0]}/stats/sources/?from=2025-03-01&to=2025-06-30` },
    { name: 'leads of one campaign', url: () => '/api/v1/leads/?utm_campaign=spring' },
    { name: 'orders of one source and campaign', url: () => '/api/v1/orders/?utm_source=google&utm_campaign=summer' },
  ]

  if (parts.has('lists')) console.log(`\n${'call'.padEnd(40)} ${'1k'.padStart(10)} ${'1M'.padStart(10)}  1M/1k (goal <= ${goals.ratio})`)
  for (const call of parts.has('lists') ? calls : []) {
    const smallUrl = await call.url(smallSeller)
    const bigUrl = await call.url(bigSeller)
    const times = await interleaved(
      () => get(smallSeller, smallUrl),
      () => get(bigSeller, bigUrl),
      rounds,
    )
    const ratio = times.b / times.a
    const met = ratio <= goals.ratio
    failed ||= !met
    console.log(
      `${call.name.padEnd(40)} ${ms(times.a).padStart(10)} ${ms(times.b).padStart(10)}  ${ratio.toFixed(2)}x ${met ? 'met' : 'MISSED'}`,
    )
  }

  // Five clients at once, each a different mix of calls, on both big sellers.
  if (parts.has('concurrent')) await concurrent()
  async function concurrent() {
    const bigOnes = [bigSeller, otherBigSeller]
    const mixes = await Promise.all(bigOnes.map(async (seller) => Promise.all(calls.map((call) => call.url(seller)))))
    const latencies: number[] = []
    const started = performance.now()
    await Promise.all(
      Array.from({ length: 5 }, async (_, client) => {
        const seller = bigOnes[client % 2] as BenchSeller
        const urls = mixes[client % 2] ?? []
        for (let n = 0; n < 60; n += 1) {
          const url = urls[(n + client) % urls.length] ?? '/api/v1/leads/'
          latencies.push(await timed(() => get(seller, url)))
        }
      }),
    )
    const seconds = (performance.now() - started) / 1000
    const p99 = percentile(latencies, 99)
    failed ||= p99 >= goals.p99Ms
    console.log(
      `\n5 clients at once on the 1M sellers: ${latencies.length} calls, ${(latencies.length / seconds).toFixed(0)} req/s, ` +
        `median ${ms(median(latencies))}, p99 ${ms(p99)} (goal < ${goals.p99Ms} ms) ${p99 < goals.p99Ms ? 'met' : 'MISSED'}`,
    )
  }

  if (parts.has('export')) await exportVersusCopy()
  async function exportVersusCopy() {
    // The leads export against COPY of the same columns of the same rows, interleaved.
    const drain = () =>
      new Writable({
        write(_chunk, _encoding, done) {
          done()
        },
      })
    let peakHeap = 0
    const exportOverHttp = async () => {
      const heapBefore = process.memoryUsage().heapUsed
      const sampler = setInterval(() => {
        peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed - heapBefore)
      }, 20)
      try {
        // The client is another process (curl), as a browser would be: this one only serves.
        const authorization = headers.get(bigSeller.id)?.authorization ?? ''
        const curl = spawn('curl', ['-sSf', '-o', '/dev/null', '-H', `authorization: ${authorization}`, `${base}/api/v1/leads/export/`])
        const [code] = await once(curl, 'exit')
        if (code !== 0) throw new Error(`export failed: curl exited with ${code}`)
      } finally {
        clearInterval(sampler)
      }
    }
    const copyOfSameRows = async () => {
      const client = await handle.pool.connect()
      try {
        await pipeline(
          client.query(
            // The export's twelve columns (D37's campaign fields and D36's variant included), as stored.
            copyTo(`copy (select l.full_name, l.email, o.headline, l.utm_source, l.utm_medium, l.utm_campaign, l.utm_content,
                  l.utm_term, l.fbclid, l.gclid, v.name, l.created_at
                  from leads l join free_offers o on o.id = l.free_offer_id left join split_variants v on v.id = l.variant_id
                  where l.seller_id = '${bigSeller.id}' order by l.created_at desc nulls last, l.id desc nulls last) to stdout with csv header`),
          ),
          drain(),
        )
      } finally {
        client.release()
      }
    }
    const exportTimes = await interleaved(exportOverHttp, copyOfSameRows, 3)
    const exportRatio = exportTimes.a / exportTimes.b
    const heapMb = peakHeap / 1024 / 1024
    failed ||= exportRatio > goals.exportRatio || heapMb > goals.exportHeapMb
    console.log(
      `\nCSV export of 1,000,000 leads: ${ms(exportTimes.a)}; PostgreSQL COPY of the same rows: ${ms(exportTimes.b)}; ` +
        `${exportRatio.toFixed(2)}x (goal <= ${goals.exportRatio}) ${exportRatio <= goals.exportRatio ? 'met' : 'MISSED'}; ` +
        `peak heap growth ${heapMb.toFixed(0)} MB (goal <= ${goals.exportHeapMb}) ${heapMb <= goals.exportHeapMb ? 'met' : 'MISSED'}`,
    )
  }
  await app.close()
} finally {
  await handle.close()
  await database.stop()
  if (!keptDir) await rm(dataDir, { recursive: true, force: true })
}
process.exit(failed ? 1 : 0)

/** The small seller and the two big ones, in the order of their names. */
function threeSellers(sellers: BenchSeller[], names: string[]): [BenchSeller, BenchSeller, BenchSeller] {
  const [small, big, otherBig] = sellers
  if (!small || !big || !otherBig) throw new Error(`expected the sellers ${names.join(', ')}, found or seeded`)
  return [small, big, otherBig]
}
