import type { Readable } from 'node:stream'
import { type LeadFilters, leadExportColumns } from '@funnelry/shared'
import type { Database } from '../../db/client.js'
import { copyCsvStream } from './csv-export.js'
import { leadReportRepository } from './lead-report-repository.js'

/** The leads CSV: one line per lead, in the columns of `leadExportColumns`, newest first. */
export const leadCsvStream = (db: Database, sellerId: string, filters: LeadFilters): Readable =>
  copyCsvStream(db.$client, leadExportColumns, leadReportRepository.exportQuery(db, sellerId, filters).toSQL())
