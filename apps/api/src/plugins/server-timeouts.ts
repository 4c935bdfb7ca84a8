import type { Config } from '../config.js'

type TimeoutSettings = Pick<Config, 'REQUEST_TIMEOUT_SECONDS' | 'HEADERS_TIMEOUT_SECONDS' | 'KEEP_ALIVE_TIMEOUT_SECONDS'>

/**
 * Fastify options that bound how long a client may hold a connection without finishing its
 * request: a body still arriving after REQUEST_TIMEOUT_SECONDS is answered 408 and closed
 * (plugins/framework-errors.ts writes the answer), so trickled bodies cannot pile up connections.
 * Node checks these deadlines every `connectionsCheckingInterval` (30 s by default, which would
 * double the bound), so the check runs every second, or faster for short test settings.
 */
export function serverTimeouts(config: TimeoutSettings) {
  const requestTimeout = config.REQUEST_TIMEOUT_SECONDS * 1000
  // Node refuses a headers timeout longer than the request timeout.
  const headersTimeout = Math.min(config.HEADERS_TIMEOUT_SECONDS * 1000, requestTimeout)
  const keepAliveTimeout = config.KEEP_ALIVE_TIMEOUT_SECONDS * 1000
  return {
    requestTimeout,
    keepAliveTimeout,
    http: {
      requestTimeout,
      headersTimeout,
      keepAliveTimeout,
      connectionsCheckingInterval: Math.max(100, Math.min(1000, Math.floor(headersTimeout / 4))),
    },
  }
}
