/**
 * How long from `npm start` on a built tree (web app and API built, database initialised) until
 * /api/v1/health/ answers 200? Anchors from the same run, interleaved: bare `node` starting and
 * exiting, and a bare Fastify server starting until it answers. Medians of 5 rounds.
 * Goal: healthy in 3 s or less. Exits 1 when missed.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import { chmod, mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { freePort } from '../apps/api/test/free-port.js'

const repoRoot = path.resolve(import.meta.dirname, '..')
const goalMs = 3000
const rounds = 5

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? 0
}

async function untilAnswers(url: string, child: ChildProcess, output: () => string) {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`exited before answering:\n${output()}`)
    const ok = await fetch(url)
      .then((response) => response.ok)
      .catch(() => false)
    if (ok) return
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

/** Starts `command` in its own process group, times it until `url` answers, then stops the group. */
async function timeStart(command: string, args: string[], env: Record<string, string>, url: string) {
  const started = performance.now()
  const child = spawn(command, args, { cwd: repoRoot, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'], detached: true })
  let output = ''
  child.stdout?.on('data', (chunk) => {
    output += chunk
  })
  child.stderr?.on('data', (chunk) => {
    output += chunk
  })
  await untilAnswers(url, child, () => output)
  const elapsed = performance.now() - started
  const exited = new Promise((resolve) => child.once('exit', resolve))
  if (child.pid) process.kill(-child.pid, 'SIGTERM')
  await exited
  // npm exits on the signal without waiting for its child: the next round starts only once the
  // whole group is gone (the server and its embedded PostgreSQL, which holds the data folder until
  // its shutdown ends; a round started earlier found the folder in use and failed).
  if (child.pid) await untilGroupGone(child.pid)
  return elapsed
}

async function untilGroupGone(groupId: number) {
  const deadline = performance.now() + 60_000
  for (;;) {
    try {
      process.kill(-groupId, 0)
    } catch {
      return
    }
    if (performance.now() > deadline) throw new Error(`process group ${groupId} still runs 60 s after SIGTERM`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

function bareNode() {
  const started = performance.now()
  spawnSync(process.execPath, ['-e', '0'])
  return performance.now() - started
}

const bareFastify = `
const { default: Fastify } = await import(${JSON.stringify(path.join(repoRoot, 'node_modules/fastify/fastify.js'))})
const app = Fastify()
app.get('/health', async () => ({ status: 'ok' }))
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' })
process.on('SIGTERM', () => app.close().then(() => process.exit(0)))
`

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'funnelry-start-bench-'))
await chmod(dataDir, 0o755)
let failed = false
try {
  const port = await freePort()
  const env = {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    EMBEDDED_DB_PORT: String(await freePort()),
    LOG_LEVEL: 'warn',
    DATABASE_URL: '',
  }
  const health = `http://127.0.0.1:${port}/api/v1/health/`
  // The first start builds what changed and creates the database: not what is measured.
  await timeStart('npm', ['start'], env, health)

  const product: number[] = []
  const node: number[] = []
  const fastify: number[] = []
  for (let round = 0; round < rounds; round++) {
    node.push(bareNode())
    fastify.push(
      await timeStart(
        process.execPath,
        ['--input-type=module', '-e', bareFastify],
        { PORT: String(port) },
        `http://127.0.0.1:${port}/health`,
      ),
    )
    product.push(await timeStart('npm', ['start'], env, health))
  }
  const results = {
    npm_start_to_healthy_ms: Math.round(median(product)),
    bare_fastify_to_answering_ms: Math.round(median(fastify)),
    bare_node_ms: Math.round(median(node)),
    ratio_to_bare_fastify: Number((median(product) / median(fastify)).toFixed(1)),
    rounds: { product: product.map(Math.round), fastify: fastify.map(Math.round), node: node.map(Math.round) },
    goal_ms: goalMs,
  }
  console.log(JSON.stringify(results, null, 2))
  if (results.npm_start_to_healthy_ms > goalMs) {
    console.log(`MISSED: healthy after ${results.npm_start_to_healthy_ms} ms, goal ${goalMs} ms`)
    failed = true
  }
} finally {
  await rm(dataDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 })
}
process.exit(failed ? 1 : 0)
