import { sql } from 'drizzle-orm'
import { bigint, boolean, integer, jsonb, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { describe, expect, test } from '../../test/fixtures.js'
import { insertRows } from './insert-rows.js'

/** A table with every kind of column the batched writes use, created by each test in its own database. */
const things = pgTable('insert_rows_things', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  name: text('name').notNull(),
  note: text('note'),
  count: integer('count').notNull().default(0),
  currency: smallint('currency'),
  flagged: boolean('flagged').notNull().default(false),
  metadata: jsonb('metadata').$type<Record<string, string>>().notNull().default({}),
  key: text('key').unique(),
  at: timestamp('at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})

const createThings = `create table insert_rows_things (
  id uuid primary key default gen_random_uuid(), name text not null, note text, count integer not null default 0,
  currency smallint, flagged boolean not null default false, metadata jsonb not null default '{}', key text unique,
  at timestamptz, created_at timestamptz not null default now())`

const at = new Date('2026-11-29T12:34:56.789Z')
const named = (n: number) => ({
  name: `Café "${n}" \\ ☕`,
  note: n % 2 ? null : `note ${n}`,
  currency: 978,
  metadata: { order: `o-${n}`, quote: `it's "${n}"` },
  key: `key-${n}`,
  at,
})
/** A stored row without what the database chose (its id and creation time), to compare two ways of inserting. */
const chosenByUs = ({ id: _id, createdAt: _createdAt, ...row }: typeof things.$inferSelect) => row

describe('insertRows', () => {
  test('stores the rows as a VALUES insert would, defaults included, and returns them mapped', async ({ db }) => {
    await db.pool.query(createThings)
    const rows = [named(1), named(2), named(3)]
    const ours = await insertRows(db.db, things, rows).returning()
    const drizzles = await db.db
      .insert(things)
      .values(rows.map((row) => ({ ...row, key: `${row.key}-values` })))
      .returning()

    expect(ours.map(chosenByUs)).toEqual(drizzles.map((row) => ({ ...chosenByUs(row), key: row.key?.replace('-values', '') })))
    expect(ours[0]).toMatchObject({ count: 0, flagged: false, at, metadata: { order: 'o-1', quote: `it's "1"` } })
    expect(ours[0]?.createdAt).toBeInstanceOf(Date)
    expect(new Set(ours.map((row) => row.id)).size).toBe(3)
  })

  test('sends one parameter for the rows: the statement is the same for one row or fifty', async ({ db }) => {
    const one = insertRows(db.db, things, [named(1)]).toSQL()
    const fifty = insertRows(
      db.db,
      things,
      Array.from({ length: 50 }, (_, n) => named(n)),
    ).toSQL()
    expect(fifty.sql).toBe(one.sql)
    expect(fifty.params).toHaveLength(one.params.length)
    expect(one.params.length).toBeLessThanOrEqual(4)
  })

  test('rows that name different columns are stored too, each column it leaves out at its default', async ({ db }) => {
    await db.pool.query(createThings)
    const stored = await insertRows(db.db, things, [{ name: 'a', count: 5, flagged: true }, { name: 'b' }]).returning()
    expect(stored.map(({ name, count, flagged }) => ({ name, count, flagged }))).toEqual([
      { name: 'a', count: 5, flagged: true },
      { name: 'b', count: 0, flagged: false },
    ])
  })

  test('a value written as SQL is run by the database, as with VALUES', async ({ db }) => {
    await db.pool.query(createThings)
    const stored = await insertRows(db.db, things, [{ name: 'a', note: sql`upper('sql')` }]).returning()
    expect(stored[0]?.note).toBe('SQL')
  })

  test('a column whose JSON form is not its own (a bigint read as one) is stored exactly, as with VALUES', async ({ db }) => {
    await db.pool.query('create table insert_rows_big (id integer primary key, big bigint not null)')
    const big = pgTable('insert_rows_big', { id: integer('id').primaryKey(), big: bigint('big', { mode: 'bigint' }).notNull() })
    const stored = await insertRows(db.db, big, [{ id: 1, big: 2n ** 62n + 1n }]).returning()
    expect(stored).toEqual([{ id: 1, big: 2n ** 62n + 1n }])
  })

  test('a column whose default is computed in JavaScript gets it, as with VALUES', async ({ db }) => {
    await db.pool.query(createThings)
    const stamped = pgTable('insert_rows_things', {
      id: uuid('id').primaryKey(),
      name: text('name').notNull(),
      note: text('note').$defaultFn(() => 'from JavaScript'),
    })
    const stored = await insertRows(db.db, stamped, [{ id: crypto.randomUUID(), name: 'a' }]).returning()
    expect(stored.map(({ name, note }) => ({ name, note }))).toEqual([{ name: 'a', note: 'from JavaScript' }])
  })

  test('takes what the statement adds: a conflict skipped, the rest returned', async ({ db }) => {
    await db.pool.query(createThings)
    await insertRows(db.db, things, [named(1)])
    const stored = await insertRows(db.db, things, [named(1), named(2)])
      .onConflictDoNothing({ target: things.key })
      .returning({ key: things.key })
    expect(stored).toEqual([{ key: 'key-2' }])
    const { rows } = await db.pool.query('select count(*)::int as n from insert_rows_things')
    expect(rows[0].n).toBe(2)
  })
})
