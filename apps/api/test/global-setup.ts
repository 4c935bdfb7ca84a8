import { chmod, mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import type { TestProject } from 'vitest/node'
import { connectDatabase } from '../src/db/client.js'
import { startEmbeddedDatabase } from '../src/db/embedded.js'
import { runMigrations } from '../src/db/migrate.js'
import { createJobQueue } from '../src/jobs/queue.js'
import { seedOptionLists } from '../src/modules/sellers/sellers-module.js'
import { readTemplateSnapshot, type TemplateSnapshot } from './database-reset.js'
import { freePort } from './free-port.js'

declare module 'vitest' {
  export interface ProvidedContext {
    /** A server URL whose database is `postgres`; test files create their own databases on it. */
    databaseServerUrl: string
    /** A migrated, seeded database with the job queue installed, cloned by every test file. */
    templateDatabase: string
    /** What a test database is put back to before the next test of a worker takes it. */
    templateSnapshot: TemplateSnapshot
  }
}

/**
 * One PostgreSQL for the whole run: the server named by DATABASE_URL, or an embedded one in a
 * temporary folder. A template database is migrated once; tests clone it (test-db.ts).
 */
export default async function setup(project: TestProject) {
  let stopEmbedded = async () => {}
  let tempDir: string | undefined
  let serverUrl = process.env.DATABASE_URL
  if (!serverUrl) {
    tempDir = await mkdtemp(path.join(os.tmpdir(), 'funnelry-test-db-'))
    // As root, PostgreSQL runs as a separate user that must be able to enter this folder.
    await chmod(tempDir, 0o755)
    const embedded = await startEmbeddedDatabase({ dataDir: tempDir, port: await freePort() })
    serverUrl = embedded.url
    stopEmbedded = embedded.stop
    await skipDurability(serverUrl)
  }

  const templateDatabase = `funnelry_template_${process.pid}`
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  await admin.query(`drop database if exists ${templateDatabase}`)
  await admin.query(`create database ${templateDatabase}`)

  const templateUrl = withDatabase(serverUrl, templateDatabase)
  await prepareLikeTheApp(templateUrl)

  project.provide('databaseServerUrl', serverUrl)
  project.provide('templateDatabase', templateDatabase)
  project.provide('templateSnapshot', await readTemplateSnapshot(templateUrl))

  return async () => {
    const { rows } = await admin.query<{ name: string }>('select datname as name from pg_database where datname like $1', [
      `${templateDatabase}_t_%`,
    ])
    for (const { name } of rows) await admin.query(`drop database if exists ${name} with (force)`).catch(() => {})
    await admin.query(`drop database if exists ${templateDatabase} with (force)`).catch(() => {})
    await admin.end()
    await stopEmbedded()
    if (tempDir) await rm(tempDir, { recursive: true, force: true })
  }
}

/** What the app's first start makes of an empty database: the migrated schema, the seeded option lists, the job queue's tables. */
export async function prepareLikeTheApp(url: string) {
  const handle = connectDatabase(url, 2)
  await runMigrations(handle.pool)
  await seedOptionLists(handle.db)
  await handle.close()
  const jobs = createJobQueue(url)
  await jobs.start()
  await jobs.stop()
}

/**
 * Every connection to a test database commits without waiting for its WAL to reach the disk: a
 * test's rows need not survive a crash of the machine, and most of a test's time was spent
 * waiting for commits. Set per connection, so it also holds on a server the run does not own
 * (DATABASE_URL, e.g. the PostgreSQL 15 pass), whose own settings stay untouched.
 */
export function withDatabase(serverUrl: string, database: string): string {
  const url = new URL(serverUrl)
  url.pathname = `/${database}`
  url.searchParams.set('options', '-c synchronous_commit=off')
  return url.toString()
}

/**
 * The run's own throw-away cluster never writes to the disk for durability (fsync, whole pages
 * after a checkpoint): tens of thousands of small commits and a CREATE DATABASE per test were
 * mostly waiting on the disk of a machine shared by other work. Decision 0018, "Cost".
 */
async function skipDurability(serverUrl: string) {
  const client = new pg.Client({ connectionString: serverUrl })
  await client.connect()
  for (const setting of ['fsync', 'synchronous_commit', 'full_page_writes']) await client.query(`alter system set ${setting} = off`)
  await client.query('select pg_reload_conf()')
  await client.end()
}
