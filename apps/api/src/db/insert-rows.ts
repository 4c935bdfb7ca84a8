import { getTableColumns, is, Placeholder, SQL, sql } from 'drizzle-orm'
import type { PgInsertValue, PgTable } from 'drizzle-orm/pg-core'
import type { Executor } from './client.js'

/** Column types whose JSON value PostgreSQL reads as it is (`jsonb_to_recordset`), with nothing to map first. */
const jsonReadable = /^(uuid|text|integer|smallint|boolean|jsonb|timestamp with time zone)$/

type Column = ReturnType<typeof getTableColumns<PgTable>>[string]
/** What only Drizzle's VALUES does right: a value computed in JavaScript or by the column's generation. */
const valuesOnly = (column: Column) =>
  column.defaultFn !== undefined ||
  column.onUpdateFn !== undefined ||
  column.generated !== undefined ||
  column.generatedIdentity !== undefined

/** A value JSON carries as it is: not an SQL expression (which VALUES inlines), nor an object but a date or a jsonb value. */
const plainValue = (value: unknown, isJsonb: boolean) =>
  typeof value !== 'object' ||
  value === null ||
  value instanceof Date ||
  (isJsonb && !is(value, SQL) && !is(value, SQL.Aliased) && !is(value, Placeholder))

/** The keys a row gives a value (an undefined one is left out, as Drizzle's VALUES leaves it to its default). */
const namedKeys = (row: object) => Object.entries(row).flatMap(([key, value]) => (value === undefined ? [] : [key]))

/**
 * Many rows of a table in one INSERT that does not grow with them: the rows travel as one JSON
 * parameter read by `jsonb_to_recordset`, not as a parameter per value. Drizzle builds a multi-row
 * VALUES list value by value, about 0.1 ms a row of 30 columns (an order of a checkout batch); this
 * costs the same for one row or fifty (docs/decisions/checkout-at-campaign-scale.md). A column no
 * row names gets its default, as in VALUES. Rows that name different columns or hold an SQL
 * expression, a column JSON cannot carry as it is, or a table with values computed in JavaScript or
 * generated, go through Drizzle's VALUES. The caller adds the rest of its statement
 * (`onConflictDoNothing`, `returning`).
 */
export function insertRows<Table extends PgTable>(db: Executor, table: Table, rows: PgInsertValue<Table>[]) {
  const named = namedKeys(rows[0] ?? {})
  const columns = Object.entries(getTableColumns(table))
  const recorded = columns.filter(([key]) => named.includes(key))
  const sameKeys = rows.every((row) => {
    const keys = namedKeys(row)
    return keys.length === named.length && keys.every((key) => named.includes(key))
  })
  const jsonb = recorded.map(([, column]) => column.getSQLType() === 'jsonb')
  const readable =
    recorded.every(([, column]) => jsonReadable.test(column.getSQLType())) &&
    rows.every((row) => recorded.every(([key], i) => plainValue(row[key as keyof typeof row], jsonb[i] ?? false)))
  if (named.length === 0 || !sameKeys || !readable || columns.some(([, column]) => valuesOnly(column))) return db.insert(table).values(rows)

  // Every column in the table's order, as Drizzle's INSERT ... SELECT lists them.
  const selected = columns.map(([key, column]) => {
    if (named.includes(key)) return sql`r.${sql.identifier(column.name)}`
    if (is(column.default, SQL)) return column.default
    // A parameter in a SELECT list is text to PostgreSQL until cast (false would not go into a boolean).
    return column.default === undefined ? sql`null` : sql`${column.default}::${sql.raw(column.getSQLType())}`
  })
  const record = sql.join(
    recorded.map(([, column]) => sql`${sql.identifier(column.name)} ${sql.raw(column.getSQLType())}`),
    sql`, `,
  )
  const json = JSON.stringify(
    rows.map((row) => Object.fromEntries(recorded.map(([key, column]) => [column.name, row[key as keyof typeof row]]))),
  )
  return db.insert(table).select(sql`select ${sql.join(selected, sql`, `)} from jsonb_to_recordset(${json}::jsonb) as r(${record})`)
}
