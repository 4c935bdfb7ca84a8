import { randomUUID } from 'node:crypto'
import { eventually } from '../../test/build-test-app.js'
import { describe, expect, test } from '../../test/fixtures.js'

type JobRow = { state: string; retry_count: number; heartbeat_seconds: number | null; beat_after_start: number | null }

// Issue 23: a job's heartbeat is what tells a live worker from a stopped one (jobs/stale-claims.ts).
describe('the heartbeat of a running job', () => {
  test('is refreshed while its worker holds the job, from fetch to completion, with no attempt lost', async ({ app }) => {
    let finish = () => {}
    const held = new Promise<void>((resolve) => {
      finish = resolve
    })
    await app.jobs.work('send-email', () => held)
    const id = await app.jobs.send('send-email', { emailId: randomUUID() })
    const row = async () =>
      (
        await app.pool.query<JobRow>(
          `select state, retry_count, heartbeat_seconds,
                  extract(epoch from heartbeat_on - started_on)::float as beat_after_start
           from pgboss.job where id = $1`,
          [id],
        )
      ).rows[0]

    // Fetched, then beaten again while the handler still runs.
    const beaten = await eventually(async () => {
      const job = await row()
      return job && job.state === 'active' && (job.beat_after_start ?? 0) > 0 ? job : undefined
    })
    expect(beaten).toMatchObject({ heartbeat_seconds: 10, retry_count: 0 })
    finish()
    expect(await eventually(async () => ((await row())?.state === 'completed' ? row() : undefined))).toMatchObject({ retry_count: 0 })
  })
})
