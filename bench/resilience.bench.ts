/**
 * Does the server survive its database? Starts the product (`npm start`, embedded database), runs
 * mixed traffic (health, public offer JSON and page, lead capture) from 16 clients for 60 s while
 * every database connection is terminated every 2 s (pg_terminate_backend), and kills the
 * embedded PostgreSQL once half-way (the server restarts it). Prints whether the process stayed
 * up, the answers by status, and how long health took to answer 200 after the chaos stopped.
 * Goals: the process stays up, no 500 (a cut request answers 503 with a detail), health back to
 * 200 within 15 s. Exits 1 when one is missed.
 */
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { createFreeOffer, createSeller, productImage, queryDatabase } from '../e2e/support/funnel.js'
import { startServer } from '../e2e/support/server.js'

const chaosMs = 60_000
const clients = 16
const server = await startServer({ LOG_LEVEL: 'warn' })
let failed = false
try {
  const seller = await createSeller(server, 'resilience@example.com')
  const offer = await createFreeOffer(server, seller, {
    headline: 'The Guide',
    sub_headline: 'A short guide.',
    url: 'https://files.example/guide.pdf',
    opt_in_button: 'Send it',
    asset_image: await productImage('Guide', ['#1b5e20', '#e8f5e9']),
  })

  const byStatus = new Map<string, number>()
  const count = (key: string) => byStatus.set(key, (byStatus.get(key) ?? 0) + 1)
  let missingDetail = 0
  let leadNumber = 0
  const requests: (() => Promise<Response>)[] = [
    () => fetch(`${server.url}/api/v1/health/`),
    () => fetch(`${server.url}/api/v1/free-product/${offer.id}/`),
    () => fetch(`${server.url}/free-offer/${offer.id}`),
    () =>
      fetch(`${server.url}/api/v1/seller/webhook/notify/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ full_name: 'Visitor', email: `visitor-${leadNumber++}@example.com`, product_id: offer.id }),
      }),
  ]
  const stopAt = Date.now() + chaosMs
  const client = async (n: number) => {
    for (let i = n; Date.now() < stopAt; i++) {
      const request = requests[i % requests.length] as () => Promise<Response>
      try {
        const response = await request()
        const body = await response.text()
        count(String(response.status))
        if (response.status === 503 && !body.includes('"detail"') && !body.includes('unavailable')) missingDetail++
      } catch {
        count('connection error')
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
    }
  }

  let terminated = 0
  let restarted = false
  const chaos = async () => {
    const halfway = Date.now() + chaosMs / 2
    while (Date.now() < stopAt) {
      await new Promise((resolve) => setTimeout(resolve, 2000))
      if (!restarted && Date.now() > halfway) {
        restarted = true
        const pidFile = path.join(server.env.DATA_DIR ?? '', 'postgres', 'postmaster.pid')
        process.kill(Number((await readFile(pidFile, 'utf8')).split('\n')[0]), 'SIGKILL')
        continue
      }
      const [row] = await queryDatabase<{ n: number }>(
        server,
        `select count(pg_terminate_backend(pid))::int as n from pg_stat_activity
          where backend_type = 'client backend' and pid <> pg_backend_pid()`,
      ).catch(() => [{ n: 0 }])
      terminated += row?.n ?? 0
    }
  }
  await Promise.all([chaos(), ...Array.from({ length: clients }, (_, n) => client(n))])

  const chaosEnded = Date.now()
  let recoveredMs = -1
  while (Date.now() - chaosEnded < 15_000) {
    const ok = await fetch(`${server.url}/api/v1/health/`)
      .then((response) => response.ok)
      .catch(() => false)
    if (ok) {
      recoveredMs = Date.now() - chaosEnded
      break
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  const stayedUp = server.running()
  const results = {
    seconds: chaosMs / 1000,
    process_stayed_up: stayedUp,
    connections_terminated: terminated,
    embedded_database_killed_once: restarted,
    answers_by_status: Object.fromEntries([...byStatus].sort()),
    answers_503_without_detail: missingDetail,
    health_200_after_chaos_ms: recoveredMs,
  }
  console.log(JSON.stringify(results, null, 2))
  const misses = [
    !stayedUp && 'the process died',
    (byStatus.get('500') ?? 0) > 0 && '500 answers',
    missingDetail > 0 && '503 without a detail',
    recoveredMs < 0 && 'health did not come back within 15 s',
  ].filter(Boolean)
  if (misses.length > 0) {
    console.log(`MISSED: ${misses.join(', ')}`)
    console.log(`the server's last words:\n${server.output().slice(-1500)}`)
    const sessions = await queryDatabase(
      server,
      `select state, wait_event_type, wait_event, left(query, 120) as query, count(*)::int as n from pg_stat_activity
        where backend_type = 'client backend' and pid <> pg_backend_pid() group by 1, 2, 3, 4 order by n desc`,
    ).catch((error: unknown) => [String(error)])
    console.log('database sessions:', JSON.stringify(sessions, null, 1))
    failed = true
  }
} finally {
  await server.stop()
}
process.exit(failed ? 1 : 0)
