import type { Job, PgBoss } from 'pg-boss'

/** The attempt a worker holds: settling it leaves a job retried meanwhile alone. */
type JobAttempt = { id: string; retryCount: number }

export type DispatchOptions = {
  /** Jobs of this queue running at once in this process. */
  concurrency: number
  /** At most this many jobs of one group (one seller) running at once, across every process. */
  perGroup?: number
  /** How long to wait before asking again when the queue was empty. */
  idleMs: number
  /** The slots usable now (fewer while requests wait on this process: jobs/requests-first.ts). */
  allowed?: (concurrency: number) => number
  /** How often the heartbeat of every job in flight here is refreshed (jobs/stale-claims.ts). */
  heartbeatMs: number
  onError: (error: Error) => void
}

export type Dispatcher = {
  stop: (timeoutMs: number) => Promise<void>
  /** Jobs were just queued in this process: ask for them now instead of after the idle interval. */
  poke: () => void
}

/**
 * Works one queue with up to `concurrency` jobs in flight, each settled on its own: a slow job
 * holds only its own slot, never a whole batch (pg-boss `work` settles a batch together, so one
 * hanging receiver would stall every job fetched with it). Freed slots are refilled by one
 * `fetch` of as many jobs as are free, and completions are written together, a few per query.
 * `perGroup` keeps one seller from taking every slot: pg-boss skips a group already at its cap.
 */
export function startDispatcher<T>(
  boss: PgBoss,
  name: string,
  options: DispatchOptions,
  handler: (job: Job<T>) => Promise<void>,
): Dispatcher {
  let running = 0
  let stopping = false
  let wake: (() => void) | undefined
  // A slot that frees while a fetch is under way must not wait for the idle interval.
  let freedSinceFetch = false
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      if (freedSinceFetch) return resolve()
      const timer = setTimeout(done, ms)
      function done() {
        clearTimeout(timer)
        wake = undefined
        resolve()
      }
      wake = done
    })

  const completions = createCompletionBuffer(boss, name, options.onError)

  // Every job held here, from its fetch until its completion is written: while this process lives
  // their heartbeats stay fresh, so only the jobs of a worker that stopped look abandoned.
  const held = new Map<string, JobAttempt>()
  const heartbeat = setInterval(() => {
    if (held.size > 0) boss.touch(name, [...held.values()]).catch((error: Error) => options.onError(error))
  }, options.heartbeatMs)

  const run = (job: Job<T>) => {
    running++
    held.set(job.id, attemptOf(job))
    handler(job)
      .then(
        () => completions.add(job),
        (error: unknown) =>
          boss
            .fail(name, attemptOf(job), { message: error instanceof Error ? error.message : String(error) })
            .catch((failError: Error) => options.onError(failError)),
      )
      // The slot frees once the job is settled in the database: until then pg-boss still counts
      // it active for its group, and a fetch would skip that group.
      .finally(() => {
        running--
        held.delete(job.id)
        freedSinceFetch = true
        wake?.()
      })
  }

  const loop = async () => {
    while (!stopping) {
      const free = (options.allowed?.(options.concurrency) ?? options.concurrency) - running
      if (free <= 0) {
        freedSinceFetch = false
        await pause(options.idleMs)
        continue
      }
      let jobs: Job<T>[] = []
      freedSinceFetch = false
      try {
        jobs = await boss.fetch<T>(name, {
          batchSize: free,
          ...(options.perGroup ? { groupConcurrency: options.perGroup } : {}),
        })
      } catch (error) {
        // The database is away (restart, cut connection): try again after a pause.
        options.onError(error as Error)
      }
      for (const job of jobs) run(job)
      // A full fetch may leave more behind: ask again at once. A short one means the queue (or
      // every group with room) is drained for now: wait for a slot to free, or the idle interval.
      // Asking again at once would cost a fetch that scans the capped groups' jobs for nothing.
      if (jobs.length < free) await pause(options.idleMs)
    }
  }
  const loopDone = loop()

  return {
    poke() {
      freedSinceFetch = true
      wake?.()
    },
    async stop(timeoutMs) {
      stopping = true
      wake?.()
      await loopDone
      // Let running jobs finish (each is bounded by its own timeout), then write their completions.
      const deadline = Date.now() + timeoutMs
      while (running > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50))
      await completions.flush()
      clearInterval(heartbeat)
    },
  }
}

const attemptOf = (job: Job<unknown>): JobAttempt => ({ id: job.id, retryCount: job.retryCount })

/**
 * Completes finished jobs together: jobs that finish while one completion query runs are written
 * by the next, in one query. `add` resolves once its job is written (or the write failed: the job
 * then expires and runs again, at least once, never lost).
 */
function createCompletionBuffer(boss: PgBoss, name: string, onError: (error: Error) => void) {
  let pending: { attempt: JobAttempt; done: () => void }[] = []
  let writing: Promise<void> | undefined
  const write = async () => {
    while (pending.length > 0) {
      const batch = pending
      pending = []
      await boss
        .complete(
          name,
          batch.map((entry) => entry.attempt),
        )
        .catch((error: Error) => onError(error))
      for (const entry of batch) entry.done()
    }
  }
  return {
    add(job: Job<unknown>) {
      const written = new Promise<void>((done) => pending.push({ attempt: attemptOf(job), done }))
      writing ??= Promise.resolve()
        .then(write)
        .finally(() => {
          writing = undefined
        })
      return written
    },
    flush: async () => {
      await writing
      await write()
    },
  }
}
