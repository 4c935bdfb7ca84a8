import type { Readable } from 'node:stream'
import { leadExportColumns } from '@funnelry/shared'
import { type FetchBatch, keysetCsvStream } from './csv-export.js'
import type { LeadReportRow } from './lead-report-repository.js'

export type LeadExportRow = LeadReportRow & { cursorTime: string }

/** The leads CSV: one line per lead, in the columns of `leadExportColumns`. */
export const leadCsvStream = (fetchBatch: FetchBatch<LeadExportRow>, batchSize: number): Readable =>
  keysetCsvStream({
    header: leadExportColumns,
    toCells: (row) => [row.fullName, row.email, row.offerHeadline, row.createdAt.toISOString()],
    fetchBatch,
    batchSize,
  })
