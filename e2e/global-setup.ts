import { chmod, mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import type { TestProject } from 'vitest/node'
import { queryDatabase } from './support/funnel.js'
import { startServer } from './support/server.js'

declare module 'vitest' {
  export interface ProvidedContext {
    /** A data folder after the product's first start (database created and migrated), stopped. */
    firstStartDataDir: string
  }
}

/**
 * Starts the product once on an empty data folder, the way a new operator does (`initdb`, the
 * migrations, the secrets), and stops it. Every journey then starts its own server on a copy of
 * that folder: a copy takes a fraction of a second where `initdb` and the migrations took many
 * seconds of both cores per journey. The first start is still proven once per run, here.
 */
export default async function setup(project: TestProject) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'funnelry-e2e-first-start-'))
  // As root, PostgreSQL runs as a separate user that must be able to enter this folder.
  await chmod(dataDir, 0o755)
  const server = await startServer({}, { dataDir })
  // The journeys' databases are thrown away: they need not survive a crash of the machine, and
  // waiting for the disk on every commit slowed every journey. postgresql.auto.conf is copied too.
  for (const setting of ['fsync', 'synchronous_commit', 'full_page_writes'])
    await queryDatabase(server, `alter system set ${setting} = off`)
  await server.stop()
  project.provide('firstStartDataDir', dataDir)
  return () => rm(dataDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 })
}
