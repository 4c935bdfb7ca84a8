/**
 * Probe for issue 22 (not a bench, no goals; `node --import tsx bench/checkout-cpu.probe.ts`): what a
 * paid checkout and a lead capture each cost the server and its PostgreSQL, on the checkout bench's
 * funnel. On a shared machine a rate mostly measures the neighbours; these figures much less:
 * - CPU per unit, from /proc (the server and PostgreSQL's processes, background jobs included: the
 *   queue drains before the reading ends; the idle server's own CPU is subtracted);
 * - WAL bytes per unit (write work: rows, index entries, counters), which other load does not change;
 * - PROBE_PGSS=1: restarts with pg_stat_statements and prints statements, execution and planning
 *   time per unit, statement by statement (trigger statements included).
 * - the bench process's own CPU per unit (autocannon: a checkout is two requests, a lead capture one).
 * PROBE_SECONDS (default 6) per run; PROBE_RATE fixes the offered load (requests/s); PROBE_ONLY names
 * the kinds, comma-separated, of `checkout`, `intent` (the payment intent alone) and `lead`;
 * PROBE_SQL runs statements (separated by `;;`) first, for a what-if (a trigger disabled, an index dropped).
 */
import { readdirSync, readFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import type autocannon from 'autocannon'
import { queryDatabase } from '../e2e/support/funnel.js'
import { startServer } from '../e2e/support/server.js'
import { createBumpFunnel } from './support/bump-funnel.js'
import { untilQueueDrained } from './support/job-queue.js'
import { measure } from './support/measure.js'

const seconds = Number(process.env.PROBE_SECONDS ?? 6)
const tick = 100 // USER_HZ
const addressOf = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`

const extra: Record<string, string> = { LOG_LEVEL: 'warn', TRUST_PROXY: 'true' }
// PROBE_PGSS=1: pg_stat_statements on (a restart with it preloaded), printed per unit of work.
const pgssDir = process.env.PROBE_PGSS ? await mkdtemp(path.join(os.tmpdir(), 'funnelry-probe-')) : undefined
let server = await startServer(extra, pgssDir ? { dataDir: pgssDir } : {})
if (pgssDir) {
  await queryDatabase(server, `alter system set shared_preload_libraries = 'pg_stat_statements'`)
  await queryDatabase(server, 'alter system set pg_stat_statements.track_planning = on')
  const dataDir = server.env.DATA_DIR as string
  await server.stop()
  server = await startServer({ ...extra, EMBEDDED_DB_PORT: server.env.EMBEDDED_DB_PORT as string }, { dataDir })
  await queryDatabase(server, 'create extension if not exists pg_stat_statements')
}
const marker = `DATA_DIR=${server.env.DATA_DIR}`

/** utime+stime (ms) of every live process of this run, by pid. */
function cpuByPid() {
  const out = new Map<string, { ms: number; name: string }>()
  const all = new Map<string, { ms: number; name: string; ppid: string; ours: boolean }>()
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'latin1')
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'))
      let ours = false
      try {
        ours =
          readFileSync(`/proc/${pid}/environ`, 'latin1').split('\0').includes(marker) ||
          readFileSync(`/proc/${pid}/cmdline`, 'latin1').includes(String(server.env.DATA_DIR))
      } catch {
        // Another user's process: not ours.
      }
      all.set(pid, { ms: ((Number(fields[11]) + Number(fields[12])) * 1000) / tick, name, ppid: String(fields[1]), ours })
    } catch {
      // The process ended meanwhile.
    }
  }
  // PostgreSQL's backends: children of a process of ours.
  for (const [pid, entry] of all) if (entry.ours || all.get(entry.ppid)?.ours) out.set(pid, entry)
  return out
}
function delta(before: Map<string, { ms: number; name: string }>, after: Map<string, { ms: number; name: string }>) {
  const byName: Record<string, number> = {}
  for (const [pid, { ms, name }] of after) {
    const key = name.startsWith('postgres') ? 'postgres' : name
    byName[key] = (byName[key] ?? 0) + ms - (before.get(pid)?.ms ?? 0)
  }
  return byName
}
try {
  const { bump, offer } = await createBumpFunnel(server)
  let buyers = 0
  let paid = 0
  // PROBE_RATE: a fixed offered load (requests/s, checkout and lead capture alike), so that both
  // sides of an A/B comparison batch alike; without it, as many as 50 connections get through.
  const rate = process.env.PROBE_RATE ? { overallRate: Number(process.env.PROBE_RATE) } : {}
  /** A buyer's payment intent with the bump, from their own address; `context` keeps what the confirm needs. */
  const intentRequest = {
    method: 'POST' as const,
    path: '/api/v1/stripe/payment-intent/',
    setupRequest: (request: autocannon.Request, context: object) => {
      buyers += 1
      const email = `buyer${buyers}@bench.example`
      const address = addressOf(buyers)
      Object.assign(context, { address, secret: undefined })
      return {
        ...request,
        headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
        body: JSON.stringify({ full_name: `Buyer ${buyers}`, email, product_id: offer.id, bump_offer_id: bump.id }),
      }
    },
  }
  const checkoutRun = (duration: number) =>
    measure({
      ...rate,
      url: `${server.url}/api/v1/stripe/payment-intent/`,
      duration,
      requests: [
        {
          ...intentRequest,
          onResponse: (status, body, context) => {
            if (status === 200) Object.assign(context, { secret: (JSON.parse(body) as { client_secret: string }).client_secret })
          },
        },
        {
          method: 'POST',
          path: '/api/v1/payments/local/confirm/',
          setupRequest: (request, context) => {
            const { secret, address } = context as { secret?: string; address?: string }
            return {
              ...request,
              headers: { 'content-type': 'application/json', 'x-forwarded-for': address ?? '10.255.255.255' },
              body: JSON.stringify({ client_secret: secret ?? 'none', card_number: '4242424242424242' }),
            }
          },
          onResponse: (status) => {
            if (status === 200) paid += 1
          },
        },
      ],
    })
  // The intent alone (PROBE_ONLY=intent): a checkout less its card confirm, to see which half costs what.
  const intentRun = (duration: number) =>
    measure({ ...rate, url: `${server.url}/api/v1/stripe/payment-intent/`, duration, requests: [intentRequest] })
  let visitors = 0
  const leadRun = (duration: number) =>
    measure({
      ...rate,
      url: `${server.url}/api/v1/seller/webhook/notify/`,
      duration,
      requests: [
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          setupRequest: (request) => {
            visitors += 1
            return {
              ...request,
              body: JSON.stringify({ full_name: `Visitor ${visitors}`, email: `visitor${visitors}@bench.example`, product_id: offer.id }),
            }
          },
        },
      ],
    })

  if (process.env.PROBE_SQL) for (const statement of process.env.PROBE_SQL.split(';;')) await queryDatabase(server, statement)
  await checkoutRun(2)
  await leadRun(2)
  await untilQueueDrained(server)
  const kinds = process.env.PROBE_ONLY ? process.env.PROBE_ONLY.split(',') : ['checkout', 'lead']
  const result: Record<string, unknown> = {}
  // The server's own background (job polling, heartbeats) while nothing arrives, per second.
  const idleBefore = cpuByPid()
  const idleStart = Date.now()
  await new Promise((resolve) => setTimeout(resolve, 4000))
  const idleUsed = delta(idleBefore, cpuByPid())
  const idleMsPerSecond = Object.values(idleUsed).reduce((a, b) => a + b, 0) / ((Date.now() - idleStart) / 1000)
  result.idleMsPerSecond = Math.round(idleMsPerSecond * 10) / 10
  for (const kind of kinds) {
    if (process.env.PROBE_PGSS) await queryDatabase(server, 'select pg_stat_statements_reset()')
    const [walBefore] = await queryDatabase<{ lsn: string }>(server, 'select pg_current_wal_lsn()::text as lsn')
    const before = cpuByPid()
    const clientBefore = process.cpuUsage()
    const started = Date.now()
    const start = kind === 'checkout' ? paid : visitors
    const run = kind === 'checkout' ? await checkoutRun(seconds) : kind === 'intent' ? await intentRun(seconds) : await leadRun(seconds)
    const units = kind === 'checkout' ? paid - start : run.ok
    const client = process.cpuUsage(clientBefore)
    await untilQueueDrained(server)
    // Write work, which (unlike CPU time) the machine's other load does not change: WAL bytes.
    const [wal] = await queryDatabase<{ bytes: number }>(server, 'select pg_wal_lsn_diff(pg_current_wal_lsn(), $1)::float as bytes', [
      walBefore?.lsn,
    ])
    const used = delta(before, cpuByPid())
    if (process.env.PROBE_PGSS) {
      const rows = await queryDatabase<{ calls: number; ms: number; plan: number; query: string }>(
        server,
        `select calls::int, round(total_exec_time::numeric, 1)::float as ms, round(total_plan_time::numeric, 1)::float as plan, left(regexp_replace(query, '\\s+', ' ', 'g'), 140) as query
           from pg_stat_statements where query not like '%pg_stat_statements%' order by calls desc limit 60`,
      )
      let calls = 0
      let exec = 0
      let plan = 0
      for (const row of rows) {
        calls += row.calls
        exec += row.ms
        plan += row.plan
      }
      console.log(
        `${kind}: ${units} units, statements per unit ${(calls / units).toFixed(2)}, exec ${(exec / units).toFixed(2)} ms, plan ${(plan / units).toFixed(2)} ms`,
      )
      for (const row of rows)
        console.log(
          `${(row.calls / units).toFixed(3).padStart(7)} ${(row.ms / units).toFixed(3).padStart(7)}ms ${(row.plan / units).toFixed(3).padStart(7)}ms ${row.query}`,
        )
    }
    const total = Object.values(used).reduce((a, b) => a + b, 0) - idleMsPerSecond * ((Date.now() - started) / 1000)
    result[kind] = {
      units,
      perSecond: Math.round(units / seconds),
      p99: run.p99Ms,
      cpuMsPerUnit: Math.round((total / units) * 100) / 100,
      walBytesPerUnit: Math.round((wal?.bytes ?? 0) / units),
      clientMsPerUnit: Math.round(((client.user + client.system) / 1000 / units) * 100) / 100,
      byProcess: Object.fromEntries(Object.entries(used).map(([k, v]) => [k, Math.round((v / units) * 100) / 100])),
    }
  }
  const c = result.checkout as { cpuMsPerUnit: number } | undefined
  const l = result.lead as { cpuMsPerUnit: number } | undefined
  console.log(JSON.stringify({ ...result, cpuRatio: c && l ? Math.round((c.cpuMsPerUnit / l.cpuMsPerUnit) * 100) / 100 : null }))
} finally {
  await server.stop()
  if (pgssDir) await rm(pgssDir, { recursive: true, force: true })
}
