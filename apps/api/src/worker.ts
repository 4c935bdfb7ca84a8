import { ConfigError, loadConfig } from './config.js'
import { EmbeddedDatabaseError } from './db/embedded.js'
import { createLogger } from './runtime/logger.js'
import { openRuntime } from './runtime/open-runtime.js'
import { startWorkers } from './workers.js'

/** Runs the job workers without the HTTP server, for deployments that scale them apart. */
async function main() {
  const config = loadConfig()
  const logger = createLogger(config)
  const log = (message: string) => logger.info(message)
  const runtime = await openRuntime(config, log)
  await startWorkers({ config, db: runtime.database.db, jobs: runtime.jobs, log })
  logger.info('workers running')
  const shutdown = async () => {
    await runtime.close()
    process.exit(0)
  }
  process.on('SIGTERM', () => void shutdown())
  process.on('SIGINT', () => void shutdown())
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError || error instanceof EmbeddedDatabaseError ? error.message : error)
  process.exit(1)
})
