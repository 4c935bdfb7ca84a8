import net from 'node:net'
import type { TestApp } from '../../test/build-test-app.js'
import { describe, expect, test } from '../../test/fixtures.js'
import { serverTimeouts } from './server-timeouts.js'

/** Opens a raw connection, writes `text` and nothing more, and returns what the server answers before closing. */
function trickle(port: number, text: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    const socket = net.connect(port, '127.0.0.1', () => socket.write(text))
    socket.on('data', (chunk) => chunks.push(chunk))
    socket.on('error', reject)
    socket.on('close', () => {
      const [head = '', ...rest] = Buffer.concat(chunks).toString('utf8').split('\r\n\r\n')
      resolve({ status: Number(head.split(' ')[1]), body: rest.join('\r\n\r\n') })
    })
  })
}

describe('slow clients', () => {
  let ctx: TestApp
  let port: number
  test.override('appOptions', () => ({ env: { REQUEST_TIMEOUT_SECONDS: '1', HEADERS_TIMEOUT_SECONDS: '1' } }))
  test.beforeEach(async ({ app }) => {
    // One second instead of 30, so the test waits for the server's answer without idling long.
    ctx = app
    await ctx.app.listen({ port: 0, host: '127.0.0.1' })
    port = (ctx.app.server.address() as net.AddressInfo).port
  })

  test('answers 408 and closes the connection when a body stops arriving', async () => {
    const head =
      'POST /api/v1/authentication/token/ HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 500\r\n\r\n'
    const answer = await trickle(port, `${head}{"emai`)
    expect(answer.status).toBe(408)
    expect(JSON.parse(answer.body)).toEqual({ detail: 'The request took too long to arrive. Please try again.' })
  })

  test('answers 408 and closes the connection when headers stop arriving', async () => {
    const answer = await trickle(port, 'GET /api/v1/health/ HTTP/1.1\r\nHost: localhost\r\nX-Slow: ')
    expect(answer.status).toBe(408)
  })

  test('keeps idle keep-alive connections longer than common load balancers (60 s) by default', () => {
    const defaults = serverTimeouts({ REQUEST_TIMEOUT_SECONDS: 30, HEADERS_TIMEOUT_SECONDS: 10, KEEP_ALIVE_TIMEOUT_SECONDS: 72 })
    expect(defaults.keepAliveTimeout).toBeGreaterThan(60_000)
    expect(ctx.app.server.requestTimeout).toBe(1000)
    expect(ctx.app.server.headersTimeout).toBe(1000)
  })
})
