import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { inject } from 'vitest'
import { connectDatabase, type DatabaseHandle } from '../src/db/client.js'
import { withDatabase } from './global-setup.js'

export type TestDatabase = DatabaseHandle & { url: string; drop: () => Promise<void> }

/** A fresh database cloned from the migrated template: no test file sees another's rows. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = inject('databaseServerUrl')
  const name = `t_${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  await admin.query(`create database ${name} template ${inject('templateDatabase')}`)
  await admin.end()
  const url = withDatabase(serverUrl, name)
  const handle = connectDatabase(url, 5)
  return {
    ...handle,
    url,
    async drop() {
      await handle.close()
      const client = new pg.Client({ connectionString: serverUrl })
      await client.connect()
      await client.query(`drop database if exists ${name} with (force)`)
      await client.end()
    },
  }
}
