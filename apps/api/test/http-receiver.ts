import http from 'node:http'
import { freePort } from './free-port.js'

export type ReceivedRequest = { method: string; url: string; headers: http.IncomingHttpHeaders; body: string }

/**
 * A real HTTP server standing in for a third party (a seller's CRM): it records every request and
 * answers with the status `respond` picks for the n-th request (1-based).
 */
export async function startReceiver(respond: (n: number) => number = () => 200) {
  const requests: ReceivedRequest[] = []
  const server = http.createServer((request, response) => {
    let body = ''
    request.on('data', (chunk) => {
      body += chunk
    })
    request.on('end', () => {
      requests.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers, body })
      response.writeHead(respond(requests.length), { 'content-type': 'application/json' }).end('{}')
    })
  })
  const port = await freePort()
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${port}/hooks/crm`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
