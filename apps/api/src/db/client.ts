import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres'
import type pg from 'pg'
import { ResilientPool } from './resilient-pool.js'

/** The pool stays reachable (`$client`) for what Drizzle does not do, e.g. COPY streams. */
export type Database = NodePgDatabase & { $client: pg.Pool }
/** A database or an open transaction: repositories accept either. */
export type Executor = Database | Parameters<Parameters<Database['transaction']>[0]>[0]

export type DatabaseHandle = { db: Database; pool: pg.Pool; close: () => Promise<void> }

export function connectDatabase(connectionString: string, max = 10): DatabaseHandle {
  // A database that does not answer fails a request after 5 s (a 503) instead of holding it.
  const pool = new ResilientPool({ connectionString, max, connectionTimeoutMillis: 5000 })
  // A connection lost while idle (a restart, pg_terminate_backend) emits 'error' on the pool, and
  // one lost while checked out (between two queries of a transaction) emits it on the client:
  // either would end the process unhandled. The pool replaces the connection; the query that was
  // using it fails and its request answers 503 (plugins/error-handler.ts).
  pool.on('error', () => {})
  pool.on('connect', (client) => client.on('error', () => {}))
  const db = drizzle(pool, { casing: 'snake_case' })
  return { db, pool, close: async () => (pool.ended ? undefined : pool.end()) }
}
