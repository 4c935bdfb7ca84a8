import { Readable } from 'node:stream'
import { leadExportColumns } from '@funnelry/shared'
import { csvRow } from './csv.js'
import type { LeadCursor, LeadReportRow } from './lead-report-repository.js'

export type ExportRow = LeadReportRow & { cursorTime: string }
export type FetchBatch = (cursor: LeadCursor | null, limit: number) => Promise<ExportRow[]>

const toLine = (row: ExportRow) => csvRow([row.fullName, row.email, row.offerHeadline, row.createdAt.toISOString()])

/**
 * The leads CSV as a stream: the header, then one keyset batch at a time. Only one batch is in
 * memory, each query is short, and bytes flow from the first batch on, so a million rows neither
 * time out nor fill memory. A client that goes away stops the loop (the generator is returned).
 */
export function leadCsvStream(fetchBatch: FetchBatch, batchSize: number): Readable {
  async function* lines() {
    yield csvRow(leadExportColumns)
    let cursor: LeadCursor | null = null
    for (;;) {
      const rows = await fetchBatch(cursor, batchSize)
      if (rows.length > 0) yield rows.map(toLine).join('')
      const last = rows.at(-1)
      if (!last || rows.length < batchSize) return
      cursor = { createdAt: last.cursorTime, id: last.id }
    }
  }
  return Readable.from(lines(), { objectMode: false })
}

/** `leads-2025-01-31.csv`, dated by the server's clock in UTC. */
export const leadExportFilename = (at: Date) => `leads-${at.toISOString().slice(0, 10)}.csv`
