import { PassThrough, pipeline, type Readable } from 'node:stream'
import { type SQL, sql } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import type pg from 'pg'
import { to as copyTo } from 'pg-copy-streams'
import { csvRow } from './csv.js'
import { exportRecords, streamBuffer } from './csv-records.js'

/**
 * A cell defused in SQL exactly as `csvCell` does it in JavaScript: text a spreadsheet would read
 * as a formula (=, +, -, @, tab, carriage return first: their character codes) gets a leading
 * single quote. NULL stays NULL, which COPY writes as an empty cell.
 */
export const defused = (value: SQL | AnyPgColumn): SQL =>
  // Most cells start with a letter or digit at or above 'A' (65): one comparison, then the list.
  sql`case when ascii(${value}) < 65 and ascii(${value}) in (61, 43, 45, 64, 9, 13) then '''' || ${value} else ${value} end`

/**
 * A query's text with its parameters written in as literals: COPY takes no parameters. Each value
 * is quoted by the driver's own escapeLiteral, so text from the request stays a literal.
 */
function withLiterals(client: pg.PoolClient, query: { sql: string; params: unknown[] }): string {
  return query.sql.replace(/\$(\d+)\b/g, (_, index: string) => {
    const value = query.params[Number(index) - 1]
    return client.escapeLiteral(value instanceof Date ? value.toISOString() : String(value))
  })
}

/**
 * A CSV export (docs/decisions/0012): the header row, then PostgreSQL's own COPY of `query`
 * streamed through `exportRecords` (CRLF, and the last column's time as `toISOString` writes it).
 * The query's columns are already the cells, defused in SQL; COPY's quoting is RFC 4180's as
 * `csvCell` writes it. An empty cell is a NULL, which COPY writes bare as `csvCell` writes an empty
 * text (COPY would quote an empty text, `""`): the queries leave absent values NULL instead of
 * coalescing them to '', which cost more than the rest of the row's cells together (8 nullable
 * columns since D36/D37: 1.8x COPY's time, issue 12's goal is 1.3x). One statement, one snapshot,
 * memory at a few chunks; a client that goes away ends the COPY and its connection.
 */
export function copyCsvStream(pool: pg.Pool, header: readonly string[], query: { sql: string; params: unknown[] }): Readable {
  const out = new PassThrough({ highWaterMark: streamBuffer })
  // A UTF-8 byte order mark first: Excel on Windows reads a CSV without one in the system's code
  // page and garbles "Café" (issue 22); other spreadsheets and CSV readers skip it.
  out.write(`\uFEFF${csvRow(header)}`)
  const run = async (client: pg.PoolClient) => {
    // The time format `exportRecords` reads, whatever the server's defaults. No parallel workers:
    // the defused cells made PostgreSQL plan two for a big export, which took the cores the web
    // process and the client need to pass the rows on (1.7x COPY's time instead of 1.1x, issue 12).
    await client.query(
      "begin read only; set local timezone = 'UTC'; set local datestyle = 'ISO'; set local max_parallel_workers_per_gather = 0",
    )
    const copy = client.query(copyTo(`copy (${withLiterals(client, query)}) to stdout with (format csv)`))
    pipeline(copy, exportRecords(), out, (error) => {
      if (error) client.release(error)
      else
        client.query('commit').then(
          () => client.release(),
          (failed: Error) => client.release(failed),
        )
    })
  }
  pool.connect().then(
    (client) =>
      run(client).catch((error: Error) => {
        client.release(error)
        out.destroy(error)
      }),
    (error: Error) => out.destroy(error),
  )
  return out
}

/** `leads-2025-01-31.csv`, dated by the server's clock in UTC. */
export const exportFilename = (name: 'leads' | 'orders', at: Date) => `${name}-${at.toISOString().slice(0, 10)}.csv`

/** The campaign columns of a lead or an order (decision D37), in `utmFields` order; NULL (empty) when absent. */
export const utmCells = (table: {
  utmSource: AnyPgColumn
  utmMedium: AnyPgColumn
  utmCampaign: AnyPgColumn
  utmContent: AnyPgColumn
  utmTerm: AnyPgColumn
  fbclid: AnyPgColumn
  gclid: AnyPgColumn
}) => ({
  utmSource: defused(table.utmSource),
  utmMedium: defused(table.utmMedium),
  utmCampaign: defused(table.utmCampaign),
  utmContent: defused(table.utmContent),
  utmTerm: defused(table.utmTerm),
  fbclid: defused(table.fbclid),
  gclid: defused(table.gclid),
})
