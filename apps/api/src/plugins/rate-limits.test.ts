import net from 'node:net'
import { Writable } from 'node:stream'
import pino from 'pino'
import { eventually } from '../../test/build-test-app.js'
import { startTestDnsServer, type TestDnsServer } from '../../test/dns-server.js'
import { createSellerSession } from '../../test/factories.js'
import { describe, expect, test } from '../../test/fixtures.js'
import { clientAddressKey } from '../http/client-address.js'

describe('clientAddressKey', () => {
  test('keys IPv4 clients by address and IPv4-mapped ones as the same IPv4 client', () => {
    expect(clientAddressKey({ ip: '203.0.113.7' })).toBe('203.0.113.7')
    expect(clientAddressKey({ ip: '::ffff:203.0.113.7' })).toBe('203.0.113.7')
  })

  test('keys IPv6 clients by their /56, so one subscriber cannot rotate through its addresses', () => {
    const key = clientAddressKey({ ip: '2001:db8:aa:bb01::1' })
    expect(key).toBe('2001:db8:aa:bb00::/56')
    expect(clientAddressKey({ ip: '2001:db8:aa:bbff:1234::9' })).toBe(key)
    expect(clientAddressKey({ ip: '2001:db8:aa:cc00::1' })).not.toBe(key)
  })

  test('does not fail for a client that is gone (no address)', () => {
    expect(clientAddressKey({ ip: undefined })).toBe('no-address')
  })
})

describe('a request abandoned on a rate-limited route', () => {
  const errors: string[] = []
  let reachedParsing = 0
  let dns: TestDnsServer
  const host = 'shop.example.com'
  test.beforeEach(async () => {
    dns = await startTestDnsServer()
  })
  test.afterEach(async () => {
    await dns.close()
  })
  // Request logging off (level warn): logging the request would read its address early and hide the fault.
  test.override('appOptions', () => ({
    env: { DNS_SERVER: dns.address },
    deps: {
      logger: pino(
        { level: 'warn' },
        new Writable({
          write(chunk, _encoding, done) {
            // Errors, and the TypeError at any level; not the app's own warnings of a busy machine
            // (e.g. its cache listener missing a heartbeat), which say nothing of this request.
            const line = String(chunk)
            if ((JSON.parse(line) as { level: number }).level >= 50 || line.includes('TypeError')) errors.push(line)
            done()
          },
        }),
      ),
    },
    beforeReady: (app) => {
      // Runs after every onRequest hook, the rate limit's included: proof a request got past it.
      app.addHook('preParsing', async () => {
        reachedParsing += 1
      })
    },
  }))

  test('logs no TypeError when the client has hung up before the limit is checked', async ({ app }) => {
    // A seller's verified domain: the server looks the host up in the database before the limit
    // runs, and the client leaves meanwhile (an unknown host is answered before any limit).
    const seller = await createSellerSession(app)
    const domainSettings = (method: 'GET' | 'PATCH' | 'POST', suffix = '', payload?: object) =>
      app.app.inject({
        method,
        url: `/api/v1/domain-settings/${seller.seller.id}/${suffix}`,
        headers: seller.headers,
        ...(payload ? { payload } : {}),
      })
    await domainSettings('PATCH', '', { domain: host })
    const { txt_record: record } = (await domainSettings('GET')).json()
    dns.setTxt(record.name, record.value)
    expect((await domainSettings('POST', 'verify/')).json().status).toBe('verified')

    reachedParsing = 0 // the set-up requests above count too

    await app.app.listen({ port: 0, host: '127.0.0.1' })
    const { port } = app.app.server.address() as net.AddressInfo
    const attempts = 6
    for (let attempt = 0; attempt < attempts; attempt += 1) {
      await new Promise<void>((resolve) => {
        const socket = net.connect(port, '127.0.0.1', () => {
          socket.write(`GET /api/v1/order-receipts/abandoned/ HTTP/1.1\r\nHost: ${host}\r\n\r\n`)
          setImmediate(() => {
            socket.destroy()
            resolve()
          })
        })
      })
    }
    await eventually(async () => reachedParsing + errors.length >= attempts)
    expect(errors).toEqual([])
    expect(reachedParsing).toBe(attempts)
  })
})
