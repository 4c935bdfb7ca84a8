import type { Readable } from 'node:stream'
import { centsToAmount, currencyById, orderExportColumns } from '@funnelry/shared'
import { type FetchBatch, keysetCsvStream } from './csv-export.js'
import type { OrderReportRow } from './order-report-repository.js'

export type OrderExportRow = OrderReportRow & { id: string; cursorTime: string }

/** The orders CSV: what each order holds, its amount (two decimals, with its ISO currency) and status. */
export const orderCsvStream = (fetchBatch: FetchBatch<OrderExportRow>, batchSize: number): Readable =>
  keysetCsvStream({
    header: orderExportColumns,
    toCells: ({ order, offer, bump, upsell }) => [
      order.fullName ?? '',
      order.email ?? '',
      offer.headline,
      bump ? (bump.headline ?? 'BUMP offer') : '',
      upsell?.headline ?? '',
      centsToAmount(order.amountCents),
      currencyById(order.currency).code.toUpperCase(),
      order.status,
      order.createdAt.toISOString(),
    ],
    fetchBatch,
    batchSize,
  })
