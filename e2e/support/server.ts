import { type ChildProcess, execFile, spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { chmod, mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { freePort } from '../../apps/api/test/free-port.js'

const repoRoot = path.resolve(import.meta.dirname, '../..')
const run = promisify(execFile)

export type RunningServer = {
  /** The dashboard and the API (PUBLIC_URL). */
  url: string
  /** Public offer pages (PAGES_URL): the same server on another origin (decision D23). */
  pagesUrl: string
  env: Record<string, string>
  /** Runs an npm script of the product (e.g. `invite`) against this server's data. */
  npm: (...args: string[]) => Promise<string>
  /** Whether the server process is still alive (benchmarks that hurt its database ask). */
  running: () => boolean
  /** What the server printed so far (for a failure's report). */
  output: () => string
  stop: () => Promise<void>
}

export type DataFolder = {
  /** Run on this folder and leave it in place when stopped (the journeys' first start). */
  dataDir?: string
  /** Run on a fresh copy of this stopped data folder (database already created and migrated). */
  copyOf?: string
}

/**
 * Starts the product the way the README does (`npm start` serving the built web app on its
 * embedded database), on free ports and a fresh data folder (empty, or a copy of `copyOf`). The
 * web app is built once by `npm run test:e2e` before the journeys run.
 */
export async function startServer(extraEnv: Record<string, string> = {}, folder: DataFolder = {}): Promise<RunningServer> {
  const dataDir = folder.dataDir ?? (await mkdtemp(path.join(os.tmpdir(), 'funnelry-e2e-')))
  await chmod(dataDir, 0o755)
  // `cp -a` keeps the owner and modes PostgreSQL insists on (as root its files belong to `postgres`).
  if (folder.copyOf) await run('cp', ['-a', `${folder.copyOf}/.`, dataDir])
  const port = await freePort()
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    PORT: String(port),
    // Both loopback addresses: the dashboard on localhost, public pages on 127.0.0.1 (the default PAGES_URL).
    HOST: 'localhost',
    DATA_DIR: dataDir,
    EMBEDDED_DB_PORT: String(await freePort()),
    PUBLIC_URL: `http://localhost:${port}`,
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    ALLOW_PRIVATE_WEBHOOKS: 'true',
    ...extraEnv,
  }
  delete env.DATABASE_URL
  const child = spawn('npm', ['run', 'start', '-w', '@funnelry/api'], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  })
  let output = ''
  child.stdout?.on('data', (chunk) => {
    output += chunk
  })
  child.stderr?.on('data', (chunk) => {
    output += chunk
  })
  const url = `http://localhost:${port}`
  await waitForHealth(url, child, () => output)

  return {
    url,
    pagesUrl: `http://127.0.0.1:${port}`,
    env,
    npm: async (...args) => (await run('npm', args, { cwd: repoRoot, env })).stdout,
    running: () => child.exitCode === null && child.signalCode === null,
    output: () => output,
    async stop() {
      await stopProcessGroup(child)
      await waitForDatabaseExit(dataDir)
      if (folder.dataDir) return
      // PostgreSQL may still be closing files the moment its pid file goes; rm's own retries cover that.
      await rm(dataDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 })
    },
  }
}

async function waitForHealth(url: string, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + 90_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited early:\n${output()}`)
    try {
      const response = await fetch(`${url}/api/v1/health/`)
      if (response.ok) return
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error(`the server did not become healthy:\n${output()}`)
}

/**
 * The signal reaches PostgreSQL too (it is in the group), and it may outlive npm by a moment.
 * Its pid file goes last, when the cluster has stopped.
 */
async function waitForDatabaseExit(dataDir: string) {
  const pidFile = path.join(dataDir, 'postgres', 'postmaster.pid')
  const deadline = Date.now() + 20_000
  while (existsSync(pidFile) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100))
}

/** SIGTERM to the whole group (npm, tsx, node) so the embedded database is stopped cleanly. */
async function stopProcessGroup(child: ChildProcess) {
  if (child.exitCode !== null || !child.pid) return
  const exited = new Promise((resolve) => child.once('exit', resolve))
  process.kill(-child.pid, 'SIGTERM')
  const timeout = setTimeout(() => child.pid && process.kill(-child.pid, 'SIGKILL'), 20_000)
  await exited
  clearTimeout(timeout)
}
