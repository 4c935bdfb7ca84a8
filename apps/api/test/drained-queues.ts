import type pg from 'pg'
import type { JobName } from '../src/jobs/queue.js'
import { eventually } from './build-test-app.js'

/** The queues whose jobs follow from a request; the periodic sweep (abandon-orders) is left out. */
const followUpQueues: JobName[] = ['queue-lead-follow-ups', 'post-purchase-follow-ups', 'send-email', 'deliver-webhook', 'send-conversion']

/**
 * Resolves once no mail, webhook or conversion job is waiting, retrying or running: everything a request
 * queued has run to its end. Tests wait for this before asserting that nothing more happened.
 */
export async function waitForDrainedQueues(pool: pg.Pool) {
  await eventually(async () => {
    const { rows } = await pool.query<{ pending: number }>(
      `select count(*)::int as pending from pgboss.job where name = any($1) and state in ('created', 'retry', 'active')`,
      [followUpQueues],
    )
    return rows[0]?.pending === 0
  })
}
