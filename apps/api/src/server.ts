import { buildApp } from './app.js'
import { ConfigError, loadConfig } from './config.js'
import { EmbeddedDatabaseError } from './db/embedded.js'
import { createLogger } from './runtime/logger.js'
import { openRuntime } from './runtime/open-runtime.js'
import { recordPublicUrl } from './runtime/recorded-public-url.js'
import { startWorkers } from './workers.js'

async function main() {
  const config = loadConfig()
  const logger = createLogger(config)
  const log = (message: string) => logger.info(message)
  const runtime = await openRuntime(config, log)
  const app = await buildApp({
    config,
    db: runtime.database.db,
    jobs: runtime.jobs,
    tokens: runtime.tokens,
    logger,
    ...(runtime.redis ? { redis: runtime.redis } : {}),
  }).catch(async (error: unknown) => {
    await runtime.close()
    throw error
  })
  // `npm run start:web` serves requests only; `npm run worker` processes work the jobs.
  const webOnly = process.argv.includes('--web-only')
  if (!webOnly) await startWorkers({ config, db: runtime.database.db, jobs: runtime.jobs, log })

  let stopping = false
  const shutdown = async (signal: string) => {
    if (stopping) return
    stopping = true
    logger.info(`${signal} received: stopping`)
    // Stop taking requests first, then finish jobs, then stop the database.
    await app.close().catch((error: Error) => logger.error(error))
    await runtime.close()
    logger.info('stopped cleanly')
    process.exit(0)
  }
  process.on('SIGTERM', () => void shutdown('SIGTERM'))
  process.on('SIGINT', () => void shutdown('SIGINT'))

  try {
    await app.listen({ port: config.PORT, host: config.HOST })
  } catch (error) {
    logger.error(error)
    await app.close()
    await runtime.close()
    process.exit(1)
  }
  // For the commands run beside it (`npm run invite`) without this process's PORT or PUBLIC_URL.
  await recordPublicUrl(config.dataDir, config.publicUrl).catch((error: Error) => logger.warn(`DATA_DIR: ${error.message}`))
  logger.info(`Funnelry is running at ${config.publicUrl}${webOnly ? ' (web only: run `npm run worker` for the jobs)' : ''}`)
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError || error instanceof EmbeddedDatabaseError ? error.message : error)
  process.exit(1)
})
