import { chmod, mkdtemp, rm } from 'node:fs/promises'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freePort } from '../../test/free-port.js'
import { type EmbeddedDatabase, EmbeddedDatabaseError, startEmbeddedDatabase } from './embedded.js'

/** The first row of one query on a connection of its own. */
const firstRow = async <Row extends object>(url: string, query: string) => {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return (await client.query<Row>(query)).rows[0]
  } finally {
    await client.end()
  }
}

const answers = async (url: string) => (await firstRow<{ one: number }>(url, 'select 1 as one'))?.one

/** PostgreSQL names no client address for a connection over its Unix socket. */
const overUnixSocket = async (url: string) =>
  (await firstRow<{ address: string | null }>(url, 'select inet_client_addr() as address'))?.address === null

// Issue 15: `npm run invite` with no variables next to a server on EMBEDDED_DB_PORT=54391 printed a bare `undefined`.
describe('the embedded database in one DATA_DIR', () => {
  let dataDir: string
  let server: EmbeddedDatabase | undefined
  const logged: string[] = []
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'funnelry-embedded-'))
    // As root, PostgreSQL runs as a separate user that must be able to enter this folder.
    await chmod(dataDir, 0o755)
  })
  afterAll(async () => {
    await server?.stop()
    await rm(dataDir, { recursive: true, force: true })
  })

  it('is joined on the port it runs on when another process started it with a different EMBEDDED_DB_PORT', async () => {
    const serverPort = await freePort()
    server = await startEmbeddedDatabase({ dataDir, port: serverPort })
    const otherPort = await freePort()

    const joined = await startEmbeddedDatabase({ dataDir, port: otherPort, log: (line) => logged.push(line) })

    expect(new URL(joined.url).port).toBe(String(serverPort))
    expect(await answers(joined.url)).toBe(1)
    // Issue 22: the app's statements skip the loopback TCP stack, in the starting and the joining process.
    expect(await overUnixSocket(server.url)).toBe(true)
    expect(await overUnixSocket(joined.url)).toBe(true)
    expect(logged).toContain(`Using the embedded database already running on port ${serverPort} (EMBEDDED_DB_PORT here is ${otherPort}).`)
    // Only the process that started it stops it.
    await joined.stop()
    expect(await answers(server.url)).toBe(1)
    await server.stop()
    server = undefined
  }, 120_000)

  // Issue 23: as root in a folder only root can enter (a clone in /root), the start crashed with
  // a bare `spawn …/initdb EACCES`: PostgreSQL runs as the user postgres, which cannot get there.
  it('runs from a folder only its owner can enter, or, as root, stops at once saying what to do', async () => {
    const home = await mkdtemp(path.join(os.tmpdir(), 'funnelry-private-home-'))
    await chmod(home, 0o700)
    const privateDataDir = path.join(home, 'funnelry', '.data')
    try {
      const start = startEmbeddedDatabase({ dataDir: privateDataDir, port: await freePort() })
      if (os.userInfo().uid === 0) {
        await expect(start).rejects.toThrow(
          new EmbeddedDatabaseError(
            `As root, the embedded PostgreSQL runs as the user postgres, which cannot enter ${home} on the way to DATA_DIR (${privateDataDir}): set DATA_DIR to a folder that user can enter (e.g. DATA_DIR=/var/lib/funnelry), run npm start as another user, or set DATABASE_URL to a PostgreSQL server.`,
          ),
        )
      } else {
        const running = await start
        expect(await answers(running.url)).toBe(1)
        await running.stop()
      }
    } finally {
      await rm(home, { recursive: true, force: true })
    }
  }, 120_000)

  it('says in plain words why it did not start, e.g. its port is taken by another program', async () => {
    const taken = net.createServer()
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve))
    const port = (taken.address() as net.AddressInfo).port
    try {
      const start = startEmbeddedDatabase({ dataDir, port })
      await expect(start).rejects.toThrow(
        `The embedded database in ${path.join(dataDir, 'postgres')} did not start on port ${port}. If another program uses that port, set EMBEDDED_DB_PORT to a free one.`,
      )
    } finally {
      await new Promise((resolve) => taken.close(resolve))
    }
  }, 120_000)
})
