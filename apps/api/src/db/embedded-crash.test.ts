import { existsSync, readFileSync } from 'node:fs'
import { chmod, mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eventually, testJwtSecret } from '../../test/build-test-app.js'
import { buildApiIfChanged, type CompiledProcess, runCompiled } from '../../test/compiled-process.js'
import { freePort } from '../../test/free-port.js'

/** Running, and not a zombie: an exited child nobody reaped (a container's init may not) still takes signals. */
const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0)
  } catch {
    return false
  }
  const stat = existsSync(`/proc/${pid}/stat`) ? readFileSync(`/proc/${pid}/stat`, 'utf8') : ''
  return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z'
}

// Issue 23: after `kill -9` of the server, the next start found the embedded PostgreSQL still
// running, used it as someone else's and no longer restarted it when it died.
describe('the server and its embedded database across a kill -9', () => {
  let dataDir: string
  let env: Record<string, string>
  let url: string
  const servers: CompiledProcess[] = []
  const pidFile = () => path.join(dataDir, 'postgres', 'postmaster.pid')
  const postmasterPid = () => Number(readFileSync(pidFile(), 'utf8').split('\n')[0])
  const healthy = async () => (await fetch(`${url}/api/v1/health/`).catch(() => undefined))?.ok === true
  const start = () => {
    const server = runCompiled('server.js', [], env)
    servers.push(server)
    return server
  }

  beforeAll(async () => {
    await buildApiIfChanged()
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'funnelry-crash-'))
    // As root, PostgreSQL runs as a separate user that must be able to enter this folder.
    await chmod(dataDir, 0o755)
    const port = await freePort()
    url = `http://127.0.0.1:${port}`
    env = {
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      PORT: String(port),
      EMBEDDED_DB_PORT: String(await freePort()),
      PUBLIC_URL: url,
      HOST: '127.0.0.1',
      JWT_SECRET: testJwtSecret,
      LOG_LEVEL: 'info',
      NODE_ENV: 'test',
    }
  }, 120_000)

  afterAll(async () => {
    for (const server of servers) await server.stop()
    // A failed run may leave the cluster of a killed server behind: stop it as `pg_ctl -m fast` would.
    if (dataDir && existsSync(pidFile()) && isAlive(postmasterPid())) process.kill(postmasterPid(), 'SIGINT')
    if (dataDir) await eventually(async () => !existsSync(pidFile()), 30_000).catch(() => {})
    if (dataDir) await rm(dataDir, { recursive: true, force: true })
  }, 60_000)

  it('adopts the cluster the killed server left running, and restarts it when it dies after that', async () => {
    const first = start()
    await first.printed('Funnelry is running')
    const orphan = postmasterPid()
    await first.kill()
    expect(isAlive(orphan)).toBe(true)

    const second = start()
    await second.printed('was left running by a process that stopped; restarting it under this one')
    await second.printed('Funnelry is running')
    expect(await healthy()).toBe(true)
    const adopted = postmasterPid()
    expect(adopted).not.toBe(orphan)
    expect(isAlive(orphan)).toBe(false)

    // Now this server's child: killed, it is started again and the health check recovers.
    process.kill(adopted, 'SIGKILL')
    await second.printed('The embedded database is running again.')
    await eventually(healthy, 30_000)
    expect(postmasterPid()).not.toBe(adopted)
  }, 120_000)
})
