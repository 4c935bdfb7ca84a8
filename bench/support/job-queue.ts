import { queryDatabase } from '../../e2e/support/funnel.js'
import type { RunningServer } from '../../e2e/support/server.js'

/**
 * Until the server's job queue holds nothing waiting or running (emails, webhooks, settlements), so
 * a measured round starts on a server no earlier round still keeps busy. Bounded: a queue that never
 * drains is a failure.
 */
export async function untilQueueDrained(server: RunningServer, timeoutMs = 120_000) {
  const deadline = performance.now() + timeoutMs
  for (;;) {
    const [waiting] = await queryDatabase<{ n: number }>(
      server,
      "select count(*)::int as n from pgboss.job where state in ('created', 'retry', 'active') and start_after <= now()",
    )
    if ((waiting?.n ?? 0) === 0) return
    if (performance.now() > deadline) throw new Error(`the job queue still holds ${waiting?.n} jobs after ${timeoutMs / 1000} s`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}
