import path from 'node:path'
import { Redis } from 'ioredis'
import type { Config } from '../config.js'
import { connectDatabase, type DatabaseHandle } from '../db/client.js'
import { readOrCreateSecret, startEmbeddedDatabase } from '../db/embedded.js'
import { runMigrations } from '../db/migrate.js'
import { createJobQueue, type JobQueue } from '../jobs/queue.js'
import { createTokenSigner, type TokenSigner } from '../lib/tokens.js'
import { seedOptionLists } from '../modules/sellers/sellers-module.js'

export type Runtime = {
  config: Config
  database: DatabaseHandle
  databaseUrl: string
  jobs: JobQueue
  tokens: TokenSigner
  redis?: Redis
  close: () => Promise<void>
}

/** Nothing can work without the database: exit non-zero so a supervisor (systemd, Docker) restarts us. */
function exitWithMessage(message: string): never {
  console.error(message)
  process.exit(1)
}

/**
 * Opens what every process of the product needs (server, worker, CLI): the database (embedded
 * unless DATABASE_URL is set) migrated and seeded, the job queue, and the JWT secret.
 * `close` releases them in reverse order, stopping the embedded database last.
 */
export async function openRuntime(config: Config, log: (message: string) => void): Promise<Runtime> {
  const embedded = config.DATABASE_URL
    ? undefined
    : await startEmbeddedDatabase({ dataDir: config.dataDir, port: config.EMBEDDED_DB_PORT, log, onLost: exitWithMessage })
  const databaseUrl = config.DATABASE_URL ?? embedded?.url ?? ''
  const database = connectDatabase(databaseUrl)
  const jobs = createJobQueue(databaseUrl, {
    onError: (error) => log(`job queue: ${error.message}`),
    onRescued: (name, count) => log(`job queue: ${count} ${name} job(s) of a worker that stopped run again`),
  })
  const redis = config.REDIS_URL ? new Redis(config.REDIS_URL, { lazyConnect: false, maxRetriesPerRequest: 1 }) : undefined
  const close = async () => {
    await jobs.stop().catch((error: Error) => log(`job queue stop: ${error.message}`))
    await database.close().catch(() => {})
    redis?.disconnect()
    await embedded?.stop()
  }
  try {
    await runMigrations(database.pool)
    await seedOptionLists(database.db)
    await jobs.start()
    // A payment may have succeeded while no process of ours answered (its event then went nowhere):
    // any start asks the provider about the open orders (modules/orders/payment-settlement.ts).
    await jobs.send('settle-payments', {}, { singletonKey: 'sweep' })
    const secret = config.JWT_SECRET ?? (await readOrCreateSecret(path.join(config.dataDir, 'secrets', 'jwt-secret')))
    return { config, database, databaseUrl, jobs, tokens: createTokenSigner(secret), ...(redis ? { redis } : {}), close }
  } catch (error) {
    await close()
    throw error
  }
}
