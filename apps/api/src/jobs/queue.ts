import { sql } from 'drizzle-orm'
import { type Db, fromDrizzle, PgBoss } from 'pg-boss'
import type { Executor } from '../db/client.js'
import { type Dispatcher, startDispatcher } from './dispatcher.js'
import { createRequestsFirst } from './requests-first.js'
import { type StaleClaimRescue, staleClaimsIndexSql, startStaleClaimRescue } from './stale-claims.js'

/**
 * Every background job of the product, with its payload. Jobs live in PostgreSQL (pg-boss), so a
 * crash or restart loses none, and any number of processes can work them.
 */
export type JobPayloads = {
  'send-email': { emailId: string }
  'deliver-webhook': { deliveryId: string }
  /** One server event to one ad platform (modules/conversions, decision D30). */
  'send-conversion': { deliveryId: string }
  /** Queues the webhooks and emails a lead-capture batch owes (modules/leads/lead-follow-ups.ts). */
  'queue-lead-follow-ups': { followUpId: string }
  /**
   * Queues the purchase email, CRM webhook and ad platforms' Purchase of one paid one-click charge
   * (modules/post-purchase/post-purchase-follow-ups.ts); the offer as it was when accepted.
   */
  'post-purchase-follow-ups': {
    chargeId: string
    sellerId: string
    offer: { id: string; headline: string; url: string }
    freeOffer: { headline: string; url: string }
  }
  /**
   * A payment that may have succeeded with no event reaching us: the intents the local provider
   * marked paid in one transaction (queued with the success itself; `intentId` is a single one
   * queued before batches), or, without either, a sweep of the open orders (queued by every process
   * that starts). modules/orders/payment-settlement.ts.
   */
  'settle-payments': { intentId?: string; intentIds?: string[] }
  /** Decision D20: the periodic sweep of unpaid orders (see `schedules`). */
  'abandon-orders': Record<string, never>
}
export type JobName = keyof JobPayloads

type QueuePolicy = {
  retryLimit: number
  retryDelay: number
  retryBackoff: boolean
  retryDelayMax?: number
  expireInSeconds: number
  /**
   * A running job's heartbeat must be newer than this, or its worker is taken for stopped and the
   * job runs again (jobs/stale-claims.ts). pg-boss's minimum, 10 s.
   */
  heartbeatSeconds: number
  /** pg-boss's queue policy; `exclusive` holds at most one job queued or running. */
  policy?: 'exclusive'
}

/** Jobs still running are heartbeated this often, well inside `heartbeatSeconds` on a busy machine. */
const heartbeatMs = 3000
/** How often each worker process looks for jobs of a stopped worker. */
const staleClaimCheckMs = 5000

/** Retry policy per queue: mail retries for about a day with exponential backoff. */
const queuePolicies: Record<JobName, QueuePolicy> = {
  'send-email': { retryLimit: 12, retryDelay: 30, retryBackoff: true, retryDelayMax: 3600, expireInSeconds: 120, heartbeatSeconds: 10 },
  // 30 s doubling up to an hour, 30 times: a CRM that is down is retried for more than a day.
  'deliver-webhook': { retryLimit: 30, retryDelay: 30, retryBackoff: true, retryDelayMax: 3600, expireInSeconds: 60, heartbeatSeconds: 10 },
  // Retried only on timeouts and 5xx: 5 s doubling up to 10 minutes, 20 times (more than 2 hours),
  // so a platform's short outage costs seconds, not the 30 s a CRM's first retry waits.
  'send-conversion': { retryLimit: 20, retryDelay: 5, retryBackoff: true, retryDelayMax: 600, expireInSeconds: 60, heartbeatSeconds: 10 },
  // Database work only: it fails only while the database does, so retry soon.
  'queue-lead-follow-ups': {
    retryLimit: 30,
    retryDelay: 5,
    retryBackoff: true,
    retryDelayMax: 600,
    expireInSeconds: 60,
    heartbeatSeconds: 10,
  },
  'post-purchase-follow-ups': {
    retryLimit: 30,
    retryDelay: 5,
    retryBackoff: true,
    retryDelayMax: 600,
    expireInSeconds: 60,
    heartbeatSeconds: 10,
  },
  // One job per intent (its singletonKey) or per sweep ('sweep') queued or running at once.
  'settle-payments': {
    retryLimit: 10,
    retryDelay: 5,
    retryBackoff: true,
    retryDelayMax: 300,
    expireInSeconds: 900,
    heartbeatSeconds: 10,
    policy: 'exclusive',
  },
  // One sweep at a time, never piling up; a failed one is not worth retrying long: the next comes within 15 minutes.
  'abandon-orders': { retryLimit: 2, retryDelay: 60, retryBackoff: false, expireInSeconds: 600, heartbeatSeconds: 10, policy: 'exclusive' },
}

/**
 * Queues with many short jobs run through the dispatcher (jobs/dispatcher.ts): this many at once
 * per process, each settled on its own. Webhooks go to sellers' own servers, some slow or down, so
 * one seller holds at most `perGroup` of them at a time, across every process (fair per seller).
 * The others run one batch of one job at a time through pg-boss `work`.
 */
export const dispatchPolicies: Partial<Record<JobName, { concurrency: number; perGroup?: number }>> = {
  'send-email': { concurrency: 20 },
  'deliver-webhook': { concurrency: 100, perGroup: 25 },
  // The platforms answer fast and are the same two for everyone (no seller's receiver is slow), so a
  // seller's burst may use most slots: a send waits mostly on our own round trips (start, finish,
  // complete), and the backlog drain measured capped at 50 in flight (bench/conversions.bench.ts).
  // 20 slots stay for other sellers; 100 is also the kept-alive sockets per platform host.
  'send-conversion': { concurrency: 120, perGroup: 100 },
  'queue-lead-follow-ups': { concurrency: 4 },
  'post-purchase-follow-ups': { concurrency: 4 },
  'settle-payments': { concurrency: 4 },
}

/**
 * Recurring jobs. pg-boss keeps schedules in the database and sends each occurrence once, however
 * many processes run, so a sweep survives restarts; its `exclusive` queue never runs two at once.
 * An occurrence missed while nothing ran is sent once at the next start.
 */
const schedules: { name: JobName; cron: string }[] = [{ name: 'abandon-orders', cron: '*/15 * * * *' }]

/** How many times a job of this queue runs at most (the first try and its retries). */
export const maxAttempts = (name: JobName) => queuePolicies[name].retryLimit + 1

type SendOptions = {
  startAfterSeconds?: number
  singletonKey?: string
  /** Jobs of one group (a seller) share that group's cap on jobs running at once (`perGroup`). */
  group?: string
  /** Queues the job inside this open transaction: it exists only if the transaction commits. */
  tx?: Executor
}

export type JobQueue = {
  send<N extends JobName>(name: N, data: JobPayloads[N], options?: SendOptions): Promise<string | null>
  /**
   * Many jobs of one queue in one statement, inside the caller's open transaction (lead capture's
   * batches); `group` as for `send`.
   */
  sendMany<N extends JobName>(
    name: N,
    jobs: { data: JobPayloads[N]; group?: string; singletonKey?: string; startAfterSeconds?: number }[],
    options: { tx: Executor },
  ): Promise<void>
  /** `attempt.isLast` tells a handler that a failure now is final (no retry follows). */
  work<N extends JobName>(name: N, handler: (data: JobPayloads[N], attempt: { isLast: boolean }) => Promise<void>): Promise<void>
  start(): Promise<void>
  stop(): Promise<void>
  /**
   * Says a request is waiting on this process (lead capture under a burst): its job dispatchers
   * run one job at a time for a moment (jobs/requests-first.ts).
   */
  requestsWaiting(): void
  /**
   * Jobs of `name` were just committed by this process: its dispatcher for them, if it runs here,
   * asks at once instead of at its next poll (other processes find them by polling).
   */
  poke(name: JobName): void
  /** Runs `cleanup` once the workers have stopped (e.g. to close pooled SMTP connections). */
  onStopped(cleanup: () => void): void
  boss: PgBoss
}

export function createJobQueue(
  connectionString: string,
  options: {
    pollingIntervalSeconds?: number
    onError?: (error: Error) => void
    /** Told when jobs of a worker that stopped were handed back to run again. */
    onRescued?: (name: string, count: number) => void
    /** Tests retry after this many seconds (backoff capped there) instead of the production policy. */
    retryDelaySeconds?: number
  } = {},
): JobQueue {
  const schema = 'pgboss'
  const boss = new PgBoss({ connectionString, schema, max: 4 })
  // Without a listener, an 'error' (a lost connection) would end the process.
  boss.on('error', (error: Error) => options.onError?.(error))
  const pollingIntervalSeconds = options.pollingIntervalSeconds ?? 2
  const onError = (error: Error) => options.onError?.(error)
  const dispatchers: Dispatcher[] = []
  const dispatcherOf = new Map<JobName, Dispatcher>()
  const requestsFirst = createRequestsFirst()
  const cleanups: (() => void)[] = []
  const worked = new Set<JobName>()
  let rescue: StaleClaimRescue | undefined

  return {
    boss,
    async start() {
      await boss.start()
      await boss.getDb().executeSql(staleClaimsIndexSql(schema))
      // Queues are set up side by side: each is a few queries, and this runs at every start.
      await Promise.all(
        Object.entries(queuePolicies).map(async ([name, policy]) => {
          const delay = options.retryDelaySeconds
          const effective =
            delay === undefined ? policy : { ...policy, retryDelay: delay, ...(policy.retryBackoff ? { retryDelayMax: delay } : {}) }
          // create_queue leaves an existing queue alone; the update applies policy changes made in code.
          await boss.createQueue(name, effective)
          // A queue's pg-boss policy is fixed when it is created; the rest can change.
          const { policy: _fixed, ...changeable } = effective
          await boss.updateQueue(name, changeable)
        }),
      )
      for (const { name, cron } of schedules) await boss.schedule(name, cron, {}, { missed: 'once' })
    },
    async stop() {
      await rescue?.stop()
      rescue = undefined
      // Dispatchers first: their running jobs complete while pg-boss can still record it.
      dispatcherOf.clear()
      await Promise.all(dispatchers.splice(0).map((dispatcher) => dispatcher.stop(10_000)))
      await boss.stop({ graceful: true, timeout: 10_000 })
      for (const cleanup of cleanups.splice(0)) cleanup()
    },
    onStopped: (cleanup) => cleanups.push(cleanup),
    requestsWaiting: () => requestsFirst.requestsWaiting(),
    poke: (name) => dispatcherOf.get(name)?.poke(),
    send: (name, data, sendOptions = {}) =>
      boss.send(name, data, {
        ...(sendOptions.startAfterSeconds ? { startAfter: sendOptions.startAfterSeconds } : {}),
        ...(sendOptions.singletonKey ? { singletonKey: sendOptions.singletonKey } : {}),
        ...(sendOptions.group ? { group: { id: sendOptions.group } } : {}),
        ...(sendOptions.tx ? { db: fromDrizzle(sendOptions.tx, sql) satisfies Db } : {}),
      }),
    async sendMany(name, jobs, { tx }) {
      if (jobs.length === 0) return
      await boss.insert(
        name,
        jobs.map((job) => ({
          data: job.data,
          ...(job.group ? { group: { id: job.group } } : {}),
          ...(job.singletonKey ? { singletonKey: job.singletonKey } : {}),
          ...(job.startAfterSeconds ? { startAfter: new Date(Date.now() + job.startAfterSeconds * 1000) } : {}),
        })),
        { db: fromDrizzle(tx, sql) satisfies Db },
      )
    },
    async work(name, handler) {
      const isLast = (retryCount: number) => retryCount >= queuePolicies[name].retryLimit
      // A process that works queues also hands back the jobs of workers that stopped.
      worked.add(name)
      rescue ??= startStaleClaimRescue(boss, {
        schema,
        queues: () => [...worked],
        intervalMs: staleClaimCheckMs,
        onError,
        ...(options.onRescued ? { onRescued: options.onRescued } : {}),
      })
      const dispatch = dispatchPolicies[name]
      if (dispatch) {
        const dispatcher = startDispatcher<JobPayloads[typeof name]>(
          boss,
          name,
          { ...dispatch, idleMs: pollingIntervalSeconds * 1000, heartbeatMs, onError, allowed: requestsFirst.allowed },
          (job) => handler(job.data, { isLast: isLast(job.retryCount) }),
        )
        dispatchers.push(dispatcher)
        dispatcherOf.set(name, dispatcher)
        return
      }
      // Jobs queued inside our own transactions wake no listener, so workers keep polling.
      await boss.work<JobPayloads[typeof name]>(
        name,
        { pollingIntervalSeconds, notifyPollingIntervalSeconds: pollingIntervalSeconds, batchSize: 1 },
        async (jobs) => {
          for (const job of jobs) await handler(job.data, { isLast: isLast(job.retryCount) })
        },
      )
    },
  }
}
