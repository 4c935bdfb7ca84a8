import http from 'node:http'
import https from 'node:https'

/** Kept-alive connections to the two platforms: every event goes to the same two hosts. */
const agents = {
  'http:': new http.Agent({ keepAlive: true, maxSockets: 100 }),
  'https:': new https.Agent({ keepAlive: true, maxSockets: 100 }),
}

/** The platforms answer a few hundred bytes; more is cut off rather than read without end. */
const maxAnswerBytes = 64 * 1024

export class SendTimeoutError extends Error {
  override name = 'TimeoutError'
}

/**
 * POSTs JSON and reads the answer, within one deadline for the whole exchange, not following
 * redirects. node:http with kept-alive agents: measured lighter than fetch per request under load
 * (bench/conversions.bench.ts).
 */
export function postForAnswer(url: string, body: string, timeoutMs: number): Promise<{ status: number; text: string }> {
  const target = new URL(url)
  const client = target.protocol === 'https:' ? https : http
  const agent = target.protocol === 'https:' ? agents['https:'] : agents['http:']
  return new Promise((resolve, reject) => {
    const request = client.request(
      target,
      { method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body).toString() } },
      (response) => {
        const chunks: Buffer[] = []
        let size = 0
        response.on('data', (chunk: Buffer) => {
          size += chunk.length
          if (size <= maxAnswerBytes) chunks.push(chunk)
        })
        response.on('end', () => {
          clearTimeout(deadline)
          resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') })
        })
        response.on('error', (error) => {
          clearTimeout(deadline)
          reject(error)
        })
      },
    )
    const deadline = setTimeout(() => request.destroy(new SendTimeoutError(`no answer within ${timeoutMs / 1000} seconds`)), timeoutMs)
    request.on('error', (error) => {
      clearTimeout(deadline)
      reject(error)
    })
    request.end(body)
  })
}
