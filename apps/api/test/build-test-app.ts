import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { type AppDeps, buildApp } from '../src/app.js'
import { loadConfig } from '../src/config.js'
import { createJobQueue } from '../src/jobs/queue.js'
import { createTokenSigner } from '../src/lib/tokens.js'
import { startWorkers } from '../src/workers.js'
import { createResponseCheck } from './openapi-responses.js'
import { createTestDatabase, type TestDatabase } from './test-db.js'

export const testJwtSecret = 'test-secret-that-is-long-enough-for-hs256-signing'

/** A clock tests can move forward (token expiry, invitation expiry). */
export type TestClock = ReturnType<typeof createTestClock>
export function createTestClock(start = new Date()) {
  let current = start.getTime()
  return {
    now: () => new Date(current),
    advance: (ms: number) => {
      current += ms
    },
  }
}

export type TestAppOptions = {
  /** A database the caller owns (the `db` fixture); without one the app clones its own and drops it on close. */
  database?: TestDatabase
  /** A clock the caller owns (the `clock` fixture). */
  clock?: TestClock
  env?: Record<string, string>
  workers?: boolean
  deps?: Partial<AppDeps>
  /** Runs on the built app before it is ready, e.g. to add a hook that observes requests. */
  beforeReady?: (app: Awaited<ReturnType<typeof buildApp>>) => void
}

/**
 * The app as production builds it, on its own fresh database, with a real job queue. Pass
 * `workers: true` to run the job workers too (mail, webhooks).
 */
export async function createTestApp(options: TestAppOptions = {}) {
  const database = options.database ?? (await createTestDatabase())
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'funnelry-test-data-'))
  const config = loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: database.url,
    DATA_DIR: dataDir,
    JWT_SECRET: testJwtSecret,
    PUBLIC_URL: 'http://funnelry.test',
    PAGES_URL: 'http://pages.funnelry.test',
    // Nothing listens there: a domain check fails at once instead of asking the network.
    // Tests of the check start their own DNS server (test/dns-server.ts).
    DNS_SERVER: '127.0.0.1:9',
    ALLOW_PRIVATE_WEBHOOKS: 'true',
    LOG_LEVEL: 'silent',
    ...options.env,
  })
  const clock = options.clock ?? createTestClock()
  const jobs = createJobQueue(database.url, { pollingIntervalSeconds: 0.5, retryDelaySeconds: 1 })
  await jobs.start()
  const tokens = createTokenSigner(testJwtSecret, clock.now)
  // Every answer is checked against the app's own OpenAPI document; close() fails on any off it.
  const answers = createResponseCheck(
    () => app.swagger(),
    () => `${config.publicUrl}\n${app.printRoutes()}`,
  )
  const app: Awaited<ReturnType<typeof buildApp>> = await buildApp({
    config,
    db: database.db,
    jobs,
    tokens,
    now: clock.now,
    webDist: path.join(dataDir, 'no-web'),
    observeAnswer: answers.check,
    ...options.deps,
  })
  const startJobWorkers = () => startWorkers({ config, db: database.db, jobs, log: () => {}, now: clock.now })
  if (options.workers) await startJobWorkers()
  options.beforeReady?.(app)
  await app.ready()

  return {
    app,
    inject: app.inject.bind(app),
    db: database.db,
    pool: database.pool,
    jobs,
    config,
    clock,
    tokens,
    /** Starts the job workers later, e.g. to show that queued work survives until a worker runs. */
    startWorkers: startJobWorkers,
    /** Answers off the API document so far (emptied by reading), for a test that checks them itself. */
    answersOffDocument: answers.takeProblems,
    async close() {
      await app.close()
      await jobs.stop()
      if (!options.database) await database.drop()
      await rm(dataDir, { recursive: true, force: true })
      const problems = answers.takeProblems()
      if (problems.length > 0) throw new Error(`Answers off the OpenAPI document:\n${problems.join('\n')}`)
    },
  }
}
export type TestApp = Awaited<ReturnType<typeof createTestApp>>

/** Polls until `check` returns a value (for work done by the job queue). */
export async function eventually<T>(check: () => Promise<T | undefined | null | false>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await check()
    if (value) return value
    if (Date.now() > deadline) throw new Error('the expected state was not reached in time')
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}
