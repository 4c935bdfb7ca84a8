import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { inject } from 'vitest'
import { connectDatabase, type DatabaseHandle } from '../src/db/client.js'
import { resetToTemplate } from './database-reset.js'
import { withDatabase } from './global-setup.js'

export type TestDatabase = DatabaseHandle & { url: string; drop: () => Promise<void> }

/**
 * Databases of this worker that a finished test left with the template's content again: the next
 * test takes one instead of cloning the template (decision 0018, "One database per test"). A test
 * runs in one worker at a time, so a database is never handed to two tests at once.
 */
const clean: string[] = []

/** A database with the migrated template's content and no other test's rows: no test sees another's. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = inject('databaseServerUrl')
  const name = clean.pop() ?? (await cloneTemplate(serverUrl))
  const url = withDatabase(serverUrl, name)
  const handle = connectDatabase(url, 5)
  return {
    ...handle,
    url,
    /** Done with it: emptied for the next test of this worker, or dropped when emptying cannot restore the template. */
    async drop() {
      await handle.close()
      if (await resetToTemplate(url, inject('templateSnapshot'))) {
        clean.push(name)
        return
      }
      const client = new pg.Client({ connectionString: serverUrl })
      await client.connect()
      await client.query(`drop database if exists ${name} with (force)`)
      await client.end()
    },
  }
}

async function cloneTemplate(serverUrl: string): Promise<string> {
  const template = inject('templateDatabase')
  // Named after the template, so the global teardown finds what workers left (a server the run does not own keeps no test database).
  const name = `${template}_t_${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  await admin.query(`create database ${name} template ${template}`)
  await admin.end()
  return name
}
