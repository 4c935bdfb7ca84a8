import type { PgBoss } from 'pg-boss'

/**
 * Jobs held by a worker that stopped (kill -9, out of memory, a lost machine) are handed back at
 * once (docs/decisions, "Work a crash interrupted"). Every running job's heartbeat is refreshed
 * while its worker lives (the dispatcher's `touch`, pg-boss `work` for the others); a job whose
 * heartbeat is older than its queue's `heartbeatSeconds` has no live worker. pg-boss would fail it
 * too, but only at its next monitor pass (every 60 s) and then retry it after the queue's retry
 * delay (30 s doubling for webhooks), minutes in all; here it runs again within seconds.
 */

/** Active jobs with a stale heartbeat; the partial index below keeps this cheap on a large job table. */
const staleClaimsSql = (schema: string) => `
  select id, name, retry_count as "retryCount"
  from ${schema}.job
  where state = 'active' and name = any($1::text[])
    and heartbeat_seconds is not null
    and heartbeat_on + heartbeat_seconds * interval '1 second' < now()
  limit 500`

/**
 * Only active jobs are in it (a few hundred at most), so it costs next to nothing to keep; without
 * it the search reads every completed job kept for a week. Built once (a job table of millions of
 * rows blocks job inserts for the seconds that takes: see the decision record). The statements run
 * as one transaction, whose lock keeps simultaneous starts from racing to create it.
 */
export const staleClaimsIndexSql = (schema: string) => `
  select pg_advisory_xact_lock(727003);
  create index if not exists funnelry_job_active_heartbeat on ${schema}.job (heartbeat_on) where state = 'active';`

type StaleClaim = { id: string; name: string; retryCount: number }

export type StaleClaimRescue = { stop: () => Promise<void> }

export function startStaleClaimRescue(
  boss: PgBoss,
  options: {
    schema: string
    queues: () => string[]
    intervalMs: number
    onError: (error: Error) => void
    onRescued?: (name: string, count: number) => void
  },
): StaleClaimRescue {
  let stopping = false
  let timer: NodeJS.Timeout | undefined
  let running: Promise<void> = Promise.resolve()

  const rescue = async () => {
    const queues = options.queues()
    if (queues.length === 0) return
    const { rows } = await boss.getDb().executeSql(staleClaimsSql(options.schema), [queues])
    const byQueue = new Map<string, StaleClaim[]>()
    for (const row of rows as StaleClaim[]) byQueue.set(row.name, [...(byQueue.get(row.name) ?? []), row])
    for (const [name, claims] of byQueue) {
      // Fenced to the attempt seen: a job completed or taken again meanwhile is left alone. The
      // failure counts as an attempt, so a job that kills its worker every time still runs out.
      await boss.fail(
        name,
        claims.map(({ id, retryCount }) => ({ id, retryCount })),
        { message: 'The worker running this job stopped (no heartbeat); it runs again.' },
      )
      // fail() schedules the retry after the queue's retry delay, meant for a failing receiver; a
      // stopped worker says nothing about the receiver, so the job may run again now. Only jobs
      // waiting to run are moved (`undefined` data: the payload stays); a job that ran out of
      // attempts, or was completed meanwhile, is left as it is.
      let handedBack = 0
      for (const { id } of claims) handedBack += (await boss.update(name, undefined, { id, startAfter: 0 })).updated
      if (handedBack > 0) options.onRescued?.(name, handedBack)
    }
  }

  const tick = () => {
    running = rescue()
      .catch((error: Error) => options.onError(error))
      .finally(() => {
        if (!stopping) timer = setTimeout(tick, options.intervalMs)
      })
  }
  timer = setTimeout(tick, 0)

  return {
    async stop() {
      stopping = true
      clearTimeout(timer)
      await running
    },
  }
}
