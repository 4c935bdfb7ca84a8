import type { Readable } from 'node:stream'
import { type OrderFilters, orderExportColumns } from '@funnelry/shared'
import type { Database } from '../../db/client.js'
import { copyCsvStream } from './csv-export.js'
import { orderReportRepository } from './order-report-repository.js'

/** The orders CSV: what each order holds, its amount (two decimals, with its ISO currency) and status. */
export const orderCsvStream = (db: Database, sellerId: string, filters: OrderFilters): Readable =>
  copyCsvStream(db.$client, orderExportColumns, orderReportRepository.exportQuery(db, sellerId, filters).toSQL())
