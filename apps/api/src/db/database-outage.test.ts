import { spawnSync } from 'node:child_process'
import { chmod, mkdtemp, readFile, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, eventually, type TestApp } from '../../test/build-test-app.js'
import { freePort } from '../../test/free-port.js'
import { createTestDatabase, type TestDatabase } from '../../test/test-db.js'
import { connectDatabase, type DatabaseHandle } from './client.js'
import { type EmbeddedDatabase, startEmbeddedDatabase } from './embedded.js'

// async: inject's answer is lazy and sends nothing until awaited; this sends it at once.
const login = async (ctx: TestApp) =>
  await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/authentication/token/',
    payload: { email: 'nobody@example.com', password: 'not-the-password' },
  })

describe('connections cut by the database (pg_terminate_backend)', () => {
  let ctx: TestApp
  let admin: pg.Client
  beforeAll(async () => {
    ctx = await createTestApp({ workers: true })
    admin = new pg.Client({ connectionString: ctx.config.DATABASE_URL })
    await admin.connect()
  })
  afterAll(async () => {
    await admin.end()
    await ctx.close()
  })

  it('answers the request caught in the cut 503 with a detail, and the next ones normally', async () => {
    // Hold the request's query on a lock, so the cut lands while it runs.
    await admin.query('begin')
    await admin.query('lock table sellers in access exclusive mode')
    const caught = login(ctx)
    const pid = await eventually(async () => {
      // Inside a transaction, pg_stat_activity is read once and kept unless cleared.
      await admin.query('select pg_stat_clear_snapshot()')
      const { rows } = await admin.query<{ pid: number }>(
        `select pid from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock' and pid <> pg_backend_pid()`,
      )
      return rows[0]?.pid
    })
    await admin.query('select pg_terminate_backend($1)', [pid])
    await admin.query('rollback')

    const response = await caught
    expect(response.statusCode).toBe(503)
    expect(response.headers['retry-after']).toBe('5')
    expect(response.json()).toEqual({ detail: expect.stringContaining('try again in a moment') })

    // Every other connection of this database goes too: idle ones in the pool, the job queue's.
    await admin.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    )
    const after = await login(ctx)
    expect(after.statusCode).toBe(400)
    const health = await ctx.app.inject({ method: 'GET', url: '/api/v1/health/' })
    expect(health.json()).toEqual({ status: 'ok' })
  })
})

describe('the embedded database dying', () => {
  let dataDir: string
  let embedded: EmbeddedDatabase
  let database: DatabaseHandle
  let ctx: TestApp
  const lost: string[] = []
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'funnelry-outage-'))
    // As root, PostgreSQL runs as a separate user that must be able to enter this folder.
    await chmod(dataDir, 0o755)
    embedded = await startEmbeddedDatabase({ dataDir, port: await freePort(), onLost: (message) => lost.push(message) })
    database = connectDatabase(embedded.url, 2)
    // Health asks this database; the rest of the app keeps the suite's.
    ctx = await createTestApp({ deps: { db: database.db } })
  }, 120_000)
  afterAll(async () => {
    await ctx.close()
    await database.close()
    await embedded.stop()
    await rm(dataDir, { recursive: true, force: true })
  })

  it('answers health 503 while it is away, then restarts it and answers 200 again', async () => {
    const health = () => ctx.app.inject({ method: 'GET', url: '/api/v1/health/' })
    expect((await health()).statusCode).toBe(200)

    const postmasterPid = Number((await readFile(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8')).split('\n')[0])
    process.kill(postmasterPid, 'SIGKILL')

    const away = await eventually(async () => {
      const response = await health()
      return response.statusCode === 503 ? response : undefined
    })
    expect(away.json()).toEqual({ detail: expect.any(String), status: 'unavailable' })
    await eventually(async () => (await health()).statusCode === 200, 60_000)
    expect(lost).toEqual([])
  }, 90_000)
})

describe('pool slots after connections are cut mid-checkout', () => {
  let database: TestDatabase
  beforeAll(async () => {
    database = await createTestDatabase()
  })
  afterAll(async () => {
    await database.drop()
  })

  /**
   * Ends every connection of the test database from another process, holding this event loop
   * meanwhile: the pool's idle clients have not read their goodbye yet, so the next checkout hands
   * out a dead connection, as happens under load when a cut lands between two requests.
   */
  const cutWhileThisProcessLooksAway = () => {
    const script = `
      const pg = require('pg')
      const admin = new pg.Client({ connectionString: process.argv[1] })
      admin.connect()
        .then(() => admin.query("select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()"))
        // pg_terminate_backend only signals: wait until those sessions are gone.
        .then(async () => {
          for (;;) {
            const { rows } = await admin.query("select count(*)::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()")
            if (rows[0].n === 0) break
          }
        })
        .then(() => admin.end())`
    const cut = spawnSync(process.execPath, ['-e', script, database.url], { cwd: import.meta.dirname, encoding: 'utf8' })
    expect(cut.status, cut.stderr).toBe(0)
  }

  it('gives back the slot of a transaction whose connection died before it began', async () => {
    const poolSize = 5
    const connections = Array.from({ length: poolSize }, () => database.db.execute(sql`select pg_sleep(0.05)`))
    await Promise.all(connections)
    expect(database.pool.idleCount).toBe(poolSize)

    cutWhileThisProcessLooksAway()
    const caught = await Promise.allSettled(
      Array.from({ length: poolSize }, () => database.db.transaction((tx) => tx.execute(sql`select 1`))),
    )
    expect(caught.every((outcome) => outcome.status === 'rejected')).toBe(true)

    // Every slot is usable again: as many transactions at once as the pool holds.
    const after = await Promise.all(
      Array.from({ length: poolSize }, () => database.db.transaction((tx) => tx.execute(sql`select pg_sleep(0.05), 1 as n`))),
    )
    expect(after.map((result) => result.rows[0]?.n)).toEqual(Array(poolSize).fill(1))
  })
})
