import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { repoRoot } from '../src/config.js'
import { eventually } from './build-test-app.js'

/** A process of the compiled API (apps/api/dist, as `npm start` runs it) and what it printed. */
export type CompiledProcess = {
  child: ChildProcess
  output: () => string
  /** Resolves once it printed `text`; fails with what it printed when it did not in time. */
  printed: (text: string, timeoutMs?: number) => Promise<void>
  /** SIGKILL, as a crash or the OOM killer ends a process: no handler runs. */
  kill: () => Promise<void>
  /** SIGTERM and wait: the graceful stop. */
  stop: () => Promise<void>
}

/**
 * Builds apps/api/dist when its sources changed, as `npm start` does. Test files run side by side,
 * and two builds at once would replace dist under each other (the second rename fails, and a
 * server starting meanwhile finds no files): one build at a time, the others then find it current.
 */
export async function buildApiIfChanged() {
  const lock = path.join(os.tmpdir(), `funnelry-api-build-${createHash('sha256').update(repoRoot).digest('hex').slice(0, 12)}.lock`)
  for (;;) {
    try {
      writeFileSync(lock, String(process.pid), { flag: 'wx' })
      break
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      // A lock left by a process that died is taken over (an empty one is being written: wait).
      const holder = lockHolder(lock)
      if (holder !== null && !isRunning(holder)) rmSync(lock, { force: true })
      else await new Promise((resolve) => setTimeout(resolve, 200))
    }
  }
  try {
    const built = spawnSync(process.execPath, ['scripts/build.mjs', '--if-changed', 'api'], { cwd: repoRoot, encoding: 'utf8' })
    if (built.status !== 0) throw new Error(`the API did not build:\n${built.stdout}${built.stderr}`)
  } finally {
    rmSync(lock, { force: true })
  }
}

function lockHolder(lock: string): number | null {
  try {
    const pid = Number(readFileSync(lock, 'utf8').trim())
    return Number.isInteger(pid) && pid > 0 ? pid : null
  } catch {
    return null
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

/** Runs `file` (server.js, worker.js) of the compiled API with `env` added to this environment. */
export function runCompiled(file: string, args: string[], env: Record<string, string>): CompiledProcess {
  const child = spawn(process.execPath, [path.join(repoRoot, 'apps/api/dist', file), ...args], {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout?.on('data', (chunk) => {
    output += chunk
  })
  child.stderr?.on('data', (chunk) => {
    output += chunk
  })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const signal = async (name: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(name)
    await exited
  }
  return {
    child,
    output: () => output,
    printed: (text, timeoutMs = 60_000) =>
      eventually(async () => output.includes(text), timeoutMs).then(
        () => undefined,
        (error: Error) => {
          throw new Error(`${error.message}: waiting for "${text}" in:\n${output}`)
        },
      ),
    kill: () => signal('SIGKILL'),
    stop: () => signal('SIGTERM'),
  }
}
