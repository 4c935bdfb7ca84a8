import { STATUS_CODES } from 'node:http'
import type { Socket } from 'node:net'
import type { ConnectionError, FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'

/**
 * Errors Fastify and Node answer before any route runs, in the product's shape (`{"detail": …}`,
 * like plugins/error-handler.ts). None echoes what the client sent: a 5,000-character path
 * repeated back is noise at best and a reflection vector at worst.
 */

const badUrl = 'The address is not valid: a % must start an escape such as %20.'
const uriTooLong = 'The address is too long.'

/** Fastify's `frameworkErrors` option: a malformed or over-long path, before routing. */
export function answerFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    void reply.code(414).send({ detail: uriTooLong })
    return
  }
  if (error.code === 'FST_ERR_BAD_URL') {
    void reply.code(400).send({ detail: badUrl })
    return
  }
  reply.log.error({ err: error }, 'unhandled framework error')
  void reply.code(500).send({ detail: 'Something went wrong on our side. Please try again in a moment.' })
}

const connectionErrors: Record<string, { status: number; detail: string }> = {
  HPE_HEADER_OVERFLOW: { status: 431, detail: 'The request headers are too large.' },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, detail: 'The request took too long to arrive. Please try again.' },
}
const malformed = { status: 400, detail: 'The request is not valid HTTP.' }

/**
 * Fastify's `clientErrorHandler` option: requests Node could not even parse. The answer is written
 * to the socket by hand, so a HEAD request is recognised from its first bytes and gets no body.
 */
export function answerClientError(this: FastifyInstance, error: ConnectionError, socket: Socket): void {
  // The client is gone: there is no one to answer.
  const { code, rawPacket } = error as ConnectionError & { code?: string; rawPacket?: Buffer }
  if (code === 'ECONNRESET' || socket.destroyed) return
  const { status, detail } = connectionErrors[code ?? ''] ?? malformed
  this.log.debug({ err: error }, 'client error')
  if (socket.writable) {
    const isHead = rawPacket?.subarray(0, 5).toString('latin1') === 'HEAD '
    const body = JSON.stringify({ detail })
    const head = [
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}`,
      'Content-Type: application/json; charset=utf-8',
      `Content-Length: ${Buffer.byteLength(body)}`,
      'Connection: close',
    ].join('\r\n')
    socket.write(`${head}\r\n\r\n${isHead ? '' : body}`)
  }
  socket.destroy(error)
}

const methods = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'] as const

/**
 * For a request no route matched: the methods that path does answer, if any. A known path asked
 * with the wrong method is a 405 with `Allow`, not a 404 that suggests the address is wrong.
 */
export function allowedMethods(app: FastifyInstance, request: FastifyRequest): string[] {
  const url = request.url.split('?')[0] ?? ''
  // A route that takes this method and found nothing (a missing file under /media/) is a plain 404.
  if (app.findRoute({ method: request.method, url }) !== null) return []
  return methods.filter((method) => app.findRoute({ method, url }) !== null)
}

export function answerMethodNotAllowed(reply: FastifyReply, method: string, allowed: string[]): FastifyReply {
  return reply
    .code(405)
    .header('allow', allowed.join(', '))
    .send({ detail: `Method "${method}" not allowed.` })
}
