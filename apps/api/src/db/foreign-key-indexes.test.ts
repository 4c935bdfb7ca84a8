import { describe, expect, test } from '../../test/fixtures.js'

/**
 * Every foreign key needs an index that starts with its columns: a delete of the referenced row
 * (ON DELETE CASCADE / SET NULL) and every join walk the referencing table by them, and without one
 * each walk reads the whole table (issue 12: deleting 100 leads took 4.5 s with a million orders).
 * A partial index counts when it leaves out only rows whose key is null, which no delete or join reaches.
 */
const foreignKeysWithoutIndex = `
  select c.conrelid::regclass::text as "table", c.conname as "constraint",
         (select string_agg(a.attname, ', ') from pg_attribute a
           where a.attrelid = c.conrelid and a.attnum = any (c.conkey)) as columns
    from pg_constraint c
    join pg_namespace n on n.oid = c.connamespace
   where c.contype = 'f' and n.nspname = 'public'
     and not exists (
       select 1 from pg_index i
        where i.indrelid = c.conrelid
          and (i.indkey::int2[])[0:cardinality(c.conkey) - 1] @> c.conkey
          and (i.indkey::int2[])[0:cardinality(c.conkey) - 1] <@ c.conkey
          and (i.indpred is null or pg_get_expr(i.indpred, i.indrelid) ~* '^\\(?[a-z_."]+ is not null\\)?$'))
   order by 1, 2`

describe('foreign key indexes', () => {
  test('has an index serving every foreign key of the schema', async ({ db }) => {
    const { rows } = await db.pool.query(foreignKeysWithoutIndex)
    expect(rows).toEqual([])
  })

  test('notices a foreign key without one', async ({ db }) => {
    const client = await db.pool.connect()
    try {
      await client.query('begin')
      await client.query('create table fk_probe (lead_id uuid references leads (id))')
      const { rows } = await client.query(foreignKeysWithoutIndex)
      expect(rows).toEqual([{ table: 'fk_probe', constraint: 'fk_probe_lead_id_fkey', columns: 'lead_id' }])
    } finally {
      await client.query('rollback')
      client.release()
    }
  })
})
