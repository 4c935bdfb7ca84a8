import net from 'node:net'
import { eventually } from '../../test/build-test-app.js'
import { describe, expect, test } from '../../test/fixtures.js'
import { createSellerChanges } from './seller-changes.js'

/**
 * A TCP relay to PostgreSQL that can go silent: both sockets stay open and nothing passes, as in
 * a network cut or a failover that leaves the connection hanging, where no error ever comes.
 */
async function silentableRelay(target: { host: string; port: number }) {
  let silent = false
  const sockets = new Set<net.Socket>()
  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host)
    for (const socket of [client, upstream]) {
      sockets.add(socket)
      socket.on('error', () => socket.destroy())
      socket.on('close', () => sockets.delete(socket))
    }
    client.on('data', (chunk) => silent || upstream.write(chunk))
    upstream.on('data', (chunk) => silent || client.write(chunk))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    port: (server.address() as net.AddressInfo).port,
    goSilent: () => {
      silent = true
    },
    close: async () => {
      for (const socket of sockets) socket.destroy()
      await new Promise((resolve) => server.close(resolve))
    },
  }
}

describe('the change listener', () => {
  test('counts itself lost when its connection goes silent without closing, so caches stop serving', async ({ db, onTestFinished }) => {
    const url = new URL(db.url)
    const relay = await silentableRelay({ host: url.hostname, port: Number(url.port || 5432) })
    url.host = `127.0.0.1:${relay.port}`
    // Through the relay's TCP port, not the embedded server's Unix socket the URL may name.
    url.searchParams.delete('host')
    const changes = createSellerChanges({ connectionString: url.toString() })
    const resets: (string | null)[] = []
    changes.subscribe((sellerId) => resets.push(sellerId))
    onTestFinished(async () => {
      await changes.stop()
      await relay.close()
    })
    changes.start()
    await eventually(async () => changes.live)

    relay.goSilent()
    // The heartbeat finds it out; everything cached is dropped ("anything may have changed").
    await eventually(async () => !changes.live)
    expect(resets.at(-1)).toBeNull()
  })
})
