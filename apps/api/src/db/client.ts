import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres'
import pg from 'pg'
import * as schema from './schema/index.js'

export type Database = NodePgDatabase<typeof schema>
/** A database or an open transaction: repositories accept either. */
export type Executor = Database | Parameters<Parameters<Database['transaction']>[0]>[0]

export type DatabaseHandle = { db: Database; pool: pg.Pool; close: () => Promise<void> }

export function connectDatabase(connectionString: string, max = 10): DatabaseHandle {
  const pool = new pg.Pool({ connectionString, max })
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => {})
  const db = drizzle(pool, { schema, casing: 'snake_case' })
  return { db, pool, close: async () => (pool.ended ? undefined : pool.end()) }
}
