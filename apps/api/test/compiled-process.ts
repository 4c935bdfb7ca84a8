import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
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

/** Builds apps/api/dist when its sources changed, as `npm start` does. */
export function buildApiIfChanged() {
  const built = spawnSync(process.execPath, ['scripts/build.mjs', '--if-changed', 'api'], { cwd: repoRoot, encoding: 'utf8' })
  if (built.status !== 0) throw new Error(`the API did not build:\n${built.stdout}${built.stderr}`)
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
