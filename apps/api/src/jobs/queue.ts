import { PgBoss } from 'pg-boss'

/**
 * Every background job of the product, with its payload. Jobs live in PostgreSQL (pg-boss), so a
 * crash or restart loses none, and any number of processes can work them.
 */
export type JobPayloads = {
  'send-email': { emailId: string }
}
export type JobName = keyof JobPayloads

type QueuePolicy = { retryLimit: number; retryDelay: number; retryBackoff: boolean; retryDelayMax?: number; expireInSeconds: number }

/** Retry policy per queue: mail retries for about a day with exponential backoff. */
const queuePolicies: Record<JobName, QueuePolicy> = {
  'send-email': { retryLimit: 12, retryDelay: 30, retryBackoff: true, retryDelayMax: 3600, expireInSeconds: 120 },
}

export type JobQueue = {
  send<N extends JobName>(
    name: N,
    data: JobPayloads[N],
    options?: { startAfterSeconds?: number; singletonKey?: string },
  ): Promise<string | null>
  work<N extends JobName>(name: N, handler: (data: JobPayloads[N]) => Promise<void>): Promise<void>
  start(): Promise<void>
  stop(): Promise<void>
  boss: PgBoss
}

export function createJobQueue(
  connectionString: string,
  options: { pollingIntervalSeconds?: number; onError?: (error: Error) => void } = {},
): JobQueue {
  const boss = new PgBoss({ connectionString, schema: 'pgboss', max: 4 })
  boss.on('error', (error: Error) => options.onError?.(error))
  const pollingIntervalSeconds = options.pollingIntervalSeconds ?? 2

  return {
    boss,
    async start() {
      await boss.start()
      for (const [name, policy] of Object.entries(queuePolicies)) {
        await boss.createQueue(name, policy)
      }
    },
    stop: () => boss.stop({ graceful: true, timeout: 10_000 }),
    send: (name, data, sendOptions = {}) =>
      boss.send(name, data, {
        ...(sendOptions.startAfterSeconds ? { startAfter: sendOptions.startAfterSeconds } : {}),
        ...(sendOptions.singletonKey ? { singletonKey: sendOptions.singletonKey } : {}),
      }),
    async work(name, handler) {
      await boss.work<JobPayloads[typeof name]>(name, { pollingIntervalSeconds, batchSize: 1 }, async (jobs) => {
        for (const job of jobs) await handler(job.data)
      })
    },
  }
}
