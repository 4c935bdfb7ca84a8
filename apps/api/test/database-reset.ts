import pg from 'pg'

/**
 * What a test database must look like to be handed to the next test: the template's schema, its
 * seeded rows (option lists, the job queue's own tables) and its sequences. Read once from the
 * template by the global setup, so workers never connect to the template (a connection to it would
 * make a concurrent CREATE DATABASE … TEMPLATE fail).
 */
export type TemplateSnapshot = {
  /** Which relations, columns, constraints, triggers and functions exist: a test that changed the schema leaves another one. */
  schemaFingerprint: string
  /** Tables with no rows in the template, emptied after a test. */
  emptyTables: string[]
  /** Tables with rows in the template (JSON of each row), put back as they were after a test. */
  seededTables: { table: string; rows: unknown[] }[]
  sequences: { name: string; value: string; isCalled: boolean }[]
  /** Column statistics of our tables in the template (ANALYZE); a test that gathered more leaves other query plans. */
  statisticRows: number
}

const ownSchemas = `('public', 'pgboss', 'drizzle')`

/** One line per relation, column, constraint, trigger and function of our schemas; the OIDs are the template's in every clone. */
const fingerprintQuery = `
  select md5(concat_ws('|',
    (select string_agg(c.oid::text || ':' || c.relkind::text || ':' || c.relnatts::text, ',' order by c.oid)
       from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname in ${ownSchemas}),
    (select count(*) from pg_namespace),
    (select count(*) from pg_constraint k join pg_namespace n on n.oid = k.connamespace where n.nspname in ${ownSchemas}),
    (select count(*) from pg_trigger),
    (select count(*) from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname in ${ownSchemas})
  )) as fingerprint`

const statisticRowsQuery = `select count(*)::int as count from pg_statistic s join pg_class c on c.oid = s.starelid
  join pg_namespace n on n.oid = c.relnamespace where n.nspname in ${ownSchemas}`

const quoted = (schema: string, name: string) => `"${schema}"."${name}"`

export async function readTemplateSnapshot(url: string): Promise<TemplateSnapshot> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    const fingerprint = await client.query<{ fingerprint: string }>(fingerprintQuery)
    const tables = await client.query<{ schema: string; name: string }>(
      // Plain tables only (relkind 'r'): a partitioned table's rows live in its partitions, which
      // are plain tables themselves; reading the parent too would put its rows back twice.
      `select n.nspname as schema, c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where c.relkind = 'r' and n.nspname in ${ownSchemas} order by 1, 2`,
    )
    const emptyTables: string[] = []
    const seededTables: TemplateSnapshot['seededTables'] = []
    for (const { schema, name } of tables.rows) {
      const table = quoted(schema, name)
      const { rows } = await client.query<{ rows: unknown[] | null }>(`select json_agg(t) as rows from ${table} t`)
      if (rows[0]?.rows) seededTables.push({ table, rows: rows[0].rows })
      else emptyTables.push(table)
    }
    const sequences = await client.query<{ schema: string; name: string; value: string; is_called: boolean }>(
      `select schemaname as schema, sequencename as name, coalesce(last_value, start_value)::text as value, last_value is not null as is_called
         from pg_sequences where schemaname in ${ownSchemas}`,
    )
    const statistics = await client.query<{ count: number }>(statisticRowsQuery)
    return {
      statisticRows: statistics.rows[0]?.count ?? 0,
      schemaFingerprint: fingerprint.rows[0]?.fingerprint ?? '',
      emptyTables,
      seededTables,
      sequences: sequences.rows.map((s) => ({ name: quoted(s.schema, s.name), value: s.value, isCalled: s.is_called })),
    }
  } finally {
    await client.end()
  }
}

/**
 * Puts a test's database back to the template's content, or says it cannot: a test that changed
 * the schema or made PostgreSQL gather statistics (ANALYZE, autovacuum: query plans would differ
 * from a fresh clone's) leaves a database only a drop gets rid of. Emptying the few tables a test
 * wrote costs a fraction of cloning the template again (most of a clone is the system catalogs).
 */
export async function resetToTemplate(url: string, snapshot: TemplateSnapshot): Promise<boolean> {
  const client = new pg.Client({ connectionString: url })
  client.on('error', () => {})
  await client.connect()
  try {
    // Whatever the test left connected (a job worker still stopping) goes, as with DROP … WITH (FORCE).
    await client.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    )
    const fingerprint = await client.query<{ fingerprint: string }>(fingerprintQuery)
    if (fingerprint.rows[0]?.fingerprint !== snapshot.schemaFingerprint) return false
    const analyzed = await client.query<{ analyzed: boolean }>(
      `select exists (select 1 from pg_stat_user_tables where analyze_count + autoanalyze_count + vacuum_count + autovacuum_count > 0)
           or (${statisticRowsQuery}) <> $1 as analyzed`,
      [snapshot.statisticRows],
    )
    if (analyzed.rows[0]?.analyzed) return false

    const written = await client.query<{ table: string }>(
      snapshot.emptyTables
        .map((table) => `select '${table.replaceAll("'", "''")}' as table where exists (select 1 from ${table})`)
        .join(' union all '),
    )
    const toEmpty = [...written.rows.map((row) => row.table), ...snapshot.seededTables.map((seeded) => seeded.table)]
    await client.query('begin')
    await client.query(`set local lock_timeout = '10s'`)
    // Foreign keys are not checked while the seeded rows go back in (the order of the tables does not matter).
    await client.query(`set local session_replication_role = replica`)
    await client.query(`truncate ${toEmpty.join(', ')} cascade`)
    for (const { table, rows } of snapshot.seededTables) {
      await client.query(`insert into ${table} select * from json_populate_recordset(null::${table}, $1)`, [JSON.stringify(rows)])
    }
    for (const sequence of snapshot.sequences) {
      await client.query('select setval($1::regclass, $2::bigint, $3)', [sequence.name, sequence.value, sequence.isCalled])
    }
    await client.query('commit')
    return true
  } catch {
    return false
  } finally {
    await client.end().catch(() => {})
  }
}
