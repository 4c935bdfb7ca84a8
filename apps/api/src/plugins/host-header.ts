import type { FastifyInstance } from 'fastify'

/**
 * Node answers an HTTP/1.1 request without `Host` itself, with an empty 400 body; this option
 * hands it to the hook below instead, so the answer is JSON like every other error.
 */
export const hostHeaderServerOptions = { requireHostHeader: false }

export const missingHostDetail = 'The request has no Host header; HTTP/1.1 requires exactly one.'
export const repeatedHostDetail = 'The request has more than one Host header; send exactly one.'

/** How many `Host` lines the request carried (Node keeps only the first in `headers`). */
function hostHeaderCount(rawHeaders: string[]): number {
  let count = 0
  for (let index = 0; index < rawHeaders.length; index += 2) if (rawHeaders[index]?.toLowerCase() === 'host') count += 1
  return count
}

/**
 * RFC 9112 section 3.2: a server answers 400 to an HTTP/1.1 request with no `Host`, and to any
 * request with more than one (which one names the site is ambiguous, and a proxy before us may
 * have read the other: the start of request smuggling). HTTP/1.0 may omit it (load balancers'
 * health checks often do). First of the hooks, before the Host picks a site (host-routing.ts).
 */
export function refuseAmbiguousHost(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    const count = hostHeaderCount(request.raw.rawHeaders)
    if (count > 1) return reply.code(400).send({ detail: repeatedHostDetail })
    if (count === 0 && request.raw.httpVersion !== '1.0') return reply.code(400).send({ detail: missingHostDetail })
    done()
  })
}
