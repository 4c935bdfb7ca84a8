/**
 * Whether an error means the database is away (restarting, connection cut, refused), not that a
 * query was wrong: such a request is worth repeating in a moment, so it answers 503, not 500.
 */
const unavailableSqlStates = new Set([
  '57P01', // admin_shutdown: pg_terminate_backend, or a fast shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up or shutting down
  '53300', // too_many_connections
])
const unavailableNodeCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ENOTFOUND', 'EAI_AGAIN'])
// node-postgres reports a lost or impossible connection with these messages and no code.
const unavailableMessages = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error',
  'Cannot use a pool after calling end',
]

export function isDatabaseUnavailable(error: unknown): boolean {
  // drizzle wraps the driver's error in `cause`.
  for (let current = error; current instanceof Error; current = current.cause) {
    const { code } = current as Error & { code?: unknown }
    if (typeof code === 'string') {
      if (code.startsWith('08') && code.length === 5) return true // connection_exception class
      if (unavailableSqlStates.has(code) || unavailableNodeCodes.has(code)) return true
    }
    if (unavailableMessages.some((message) => current instanceof Error && current.message.includes(message))) return true
  }
  return false
}

export const databaseUnavailableDetail = 'The service is briefly unavailable (its database is not answering). Please try again in a moment.'
