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
 * single quote.
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
 * `csvCell` writes it. NULL is written as '=', which no defused cell can be, so that an empty text
 * is written bare as `csvCell` writes it (the queries coalesce every cell anyway). One statement,
 * one snapshot, memory at a few chunks; a client that goes away ends the COPY and its connection.
 */
export function copyCsvStream(pool: pg.Pool, header: readonly string[], query: { sql: string; params: unknown[] }): Readable {
  const out = new PassThrough({ highWaterMark: streamBuffer })
  // A UTF-8 byte order mark first: Excel on Windows reads a CSV without one in the system's code
  // page and garbles "Café" (issue 22); other spreadsheets and CSV readers skip it.
  out.write(`\uFEFF${csvRow(header)}`)
  const run = async (client: pg.PoolClient) => {
    // The time format `exportRecords` reads, whatever the server's defaults.
    await client.query("begin read only; set local timezone = 'UTC'; set local datestyle = 'ISO'")
    const copy = client.query(copyTo(`copy (${withLiterals(client, query)}) to stdout with (format csv, null '=')`))
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

/** The campaign columns of a lead or an order (decision D37), in `utmFields` order; empty when absent. */
export const utmCells = (table: {
  utmSource: AnyPgColumn
  utmMedium: AnyPgColumn
  utmCampaign: AnyPgColumn
  utmContent: AnyPgColumn
  utmTerm: AnyPgColumn
  fbclid: AnyPgColumn
  gclid: AnyPgColumn
}) => ({
  utmSource: defused(sql`coalesce(${table.utmSource}, '')`),
  utmMedium: defused(sql`coalesce(${table.utmMedium}, '')`),
  utmCampaign: defused(sql`coalesce(${table.utmCampaign}, '')`),
  utmContent: defused(sql`coalesce(${table.utmContent}, '')`),
  utmTerm: defused(sql`coalesce(${table.utmTerm}, '')`),
  fbclid: defused(sql`coalesce(${table.fbclid}, '')`),
  gclid: defused(sql`coalesce(${table.gclid}, '')`),
})
