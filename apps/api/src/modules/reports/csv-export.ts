import { PassThrough, pipeline, type Readable, Transform } from 'node:stream'
import { type SQL, sql } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import type pg from 'pg'
import { to as copyTo } from 'pg-copy-streams'
import { csvRow } from './csv.js'

/**
 * A cell defused in SQL exactly as `csvCell` does it in JavaScript: text a spreadsheet would read
 * as a formula (=, +, -, @, tab, carriage return first) gets a leading single quote.
 */
export const defused = (value: SQL | AnyPgColumn): SQL =>
  sql`case when left(${value}, 1) in ('=', '+', '-', '@', chr(9), chr(13)) then '''' || ${value} else ${value} end`

/** `Date.toISOString()` of a timestamp, in SQL: UTC, milliseconds (truncated, as a JavaScript Date keeps them). */
export const isoTime = (value: AnyPgColumn): SQL => sql`to_char(${value} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`

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

const quote = 0x22
const newline = 0x0a
const crlf = Buffer.from('\r\n')

/**
 * COPY ends records with LF; RFC 4180 (and our exports) with CRLF. Only a newline outside quotes
 * ends a record: one inside a quoted cell is part of it and stays as it is.
 */
function crlfRecords(): Transform {
  let quoted = false
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      const parts: Buffer[] = []
      let start = 0
      let position = 0
      let nextQuote = chunk.indexOf(quote)
      for (;;) {
        if (quoted) {
          if (nextQuote === -1) break
          quoted = false
          position = nextQuote + 1
          nextQuote = chunk.indexOf(quote, position)
          continue
        }
        const end = chunk.indexOf(newline, position)
        if (nextQuote !== -1 && (end === -1 || nextQuote < end)) {
          quoted = true
          position = nextQuote + 1
          nextQuote = chunk.indexOf(quote, position)
          continue
        }
        if (end === -1) break
        parts.push(chunk.subarray(start, end), crlf)
        start = end + 1
        position = start
      }
      parts.push(chunk.subarray(start))
      done(null, Buffer.concat(parts))
    },
  })
}

/**
 * A CSV export (docs/decisions/0012): the header row, then PostgreSQL's own COPY of `query`
 * (whose columns are already the cells: defused and formatted in SQL) streamed through, with its
 * quoting, which is RFC 4180's as `csvCell` writes it. NULL is written as '=', which no defused
 * cell can be, so that an empty text is written bare as `csvCell` writes it (the queries
 * coalesce every cell anyway). One statement, one snapshot; memory stays at a few chunks, and a
 * client that goes away ends the COPY and discards its connection.
 */
export function copyCsvStream(pool: pg.Pool, header: readonly string[], query: { sql: string; params: unknown[] }): Readable {
  const out = new PassThrough()
  out.write(csvRow(header))
  pool.connect().then(
    (client) => {
      const copy = client.query(copyTo(`copy (${withLiterals(client, query)}) to stdout with (format csv, null '=')`))
      pipeline(copy, crlfRecords(), out, (error) => client.release(error ?? undefined))
    },
    (error: Error) => out.destroy(error),
  )
  return out
}

/** `leads-2025-01-31.csv`, dated by the server's clock in UTC. */
export const exportFilename = (name: 'leads' | 'orders', at: Date) => `${name}-${at.toISOString().slice(0, 10)}.csv`
