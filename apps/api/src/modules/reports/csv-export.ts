import { Readable } from 'node:stream'
import { csvRow } from './csv.js'

/** Where the previous export batch ended: its last row's exact (microsecond) time and id. */
export type KeysetCursor = { createdAt: string; id: string }

/** A row of an export: its id and PostgreSQL's own text of its time, which the next batch starts after. */
export type KeysetRow = { id: string; cursorTime: string }

export type FetchBatch<Row extends KeysetRow> = (cursor: KeysetCursor | null, limit: number) => Promise<Row[]>

/**
 * A CSV export as a stream (docs/decisions/0005): the header, then one keyset batch at a time. Only
 * one batch is in memory, each query is short, and bytes flow from the first batch on, so a million
 * rows neither time out nor fill memory. A client that goes away stops the loop (the generator is
 * returned). Leads and orders both stream through here; only their columns differ.
 */
export function keysetCsvStream<Row extends KeysetRow>(options: {
  header: readonly string[]
  toCells: (row: Row) => string[]
  fetchBatch: FetchBatch<Row>
  batchSize: number
}): Readable {
  const { header, toCells, fetchBatch, batchSize } = options
  async function* lines() {
    yield csvRow(header)
    let cursor: KeysetCursor | null = null
    for (;;) {
      const rows = await fetchBatch(cursor, batchSize)
      if (rows.length > 0) yield rows.map((row) => csvRow(toCells(row))).join('')
      const last = rows.at(-1)
      if (!last || rows.length < batchSize) return
      cursor = { createdAt: last.cursorTime, id: last.id }
    }
  }
  return Readable.from(lines(), { objectMode: false })
}

/** `leads-2025-01-31.csv`, dated by the server's clock in UTC. */
export const exportFilename = (name: 'leads' | 'orders', at: Date) => `${name}-${at.toISOString().slice(0, 10)}.csv`
