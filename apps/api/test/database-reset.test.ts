import pg from 'pg'
import { inject } from 'vitest'
import { resetToTemplate } from './database-reset.js'
import { describe, expect, test } from './fixtures.js'
import { createTestDatabase, type TestDatabase } from './test-db.js'

/** What the next test of a worker gets: the template's content, or no database of this one at all (decision 0018). */
describe('a test database put back to the template', () => {
  const snapshot = () => inject('templateSnapshot')
  const count = async (database: Pick<pg.Pool, 'query'>, table: string) =>
    Number((await database.query<{ n: string }>(`select count(*) as n from ${table}`)).rows[0]?.n)

  async function withDatabase(use: (database: TestDatabase) => Promise<void>) {
    const database = await createTestDatabase()
    try {
      await use(database)
    } finally {
      await database.drop()
    }
  }

  test('has none of the rows a test wrote, and the seeded rows and sequences as the template has them', async () => {
    await withDatabase(async (database) => {
      const industries = await count(database.pool, 'business_industries')
      const migrations = await count(database.pool, 'drizzle.__drizzle_migrations')
      expect(industries).toBeGreaterThan(0)
      await database.pool.query(`insert into invitations (email, token_hash, expires_at) values ('a@example.com', 'h', now())`)
      await database.pool.query('delete from business_industries')
      await database.pool.query(`select nextval('drizzle.__drizzle_migrations_id_seq')`)
      await database.pool.query(`insert into pgboss.job (name, data) values ('send-email', '{}')`)
      await database.close()

      expect(await resetToTemplate(database.url, snapshot())).toBe(true)
      const again = new pg.Client({ connectionString: database.url })
      await again.connect()
      try {
        await expect(count(again, 'invitations')).resolves.toBe(0)
        await expect(count(again, 'pgboss.job')).resolves.toBe(0)
        await expect(count(again, 'business_industries')).resolves.toBe(industries)
        await expect(count(again, 'drizzle.__drizzle_migrations')).resolves.toBe(migrations)
        const next = await again.query<{ id: string }>(`select nextval('drizzle.__drizzle_migrations_id_seq') as id`)
        expect(Number(next.rows[0]?.id)).toBe(migrations + 1)
      } finally {
        await again.end()
      }
    })
  })

  test('refuses a database whose schema or planner statistics a test changed, so it is dropped instead', async () => {
    await withDatabase(async (database) => {
      await database.pool.query('create table made_by_a_test (id int)')
      await database.close()
      expect(await resetToTemplate(database.url, snapshot())).toBe(false)
    })
    await withDatabase(async (database) => {
      await database.pool.query('analyze invitations')
      await database.close()
      expect(await resetToTemplate(database.url, snapshot())).toBe(false)
    })
  })
})
