import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { drizzle } from 'drizzle-orm/node-postgres'
import { migrate } from 'drizzle-orm/node-postgres/migrator'
import type pg from 'pg'

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations')
// Any constant works; it only has to be the same for every process of this product.
const migrationLockId = 727_001

/** Applies pending migrations. An advisory lock keeps concurrent starts from racing. */
export async function runMigrations(pool: pg.Pool): Promise<void> {
  const client = await pool.connect()
  try {
    await client.query('select pg_advisory_lock($1)', [migrationLockId])
    await migrate(drizzle(client), { migrationsFolder })
  } finally {
    await client.query('select pg_advisory_unlock($1)', [migrationLockId]).catch(() => {})
    client.release()
  }
}
