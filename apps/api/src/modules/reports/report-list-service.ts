import type { Readable } from 'node:stream'
import {
  centsToAmount,
  currencyById,
  isUuid,
  type Lead,
  type LeadFilters,
  type LeadList,
  type LeadListQuery,
  type Order,
  type OrderFilters,
  type OrderLine,
  type OrderList,
  type OrderListQuery,
  type OrderStatus,
} from '@funnelry/shared'
import type { Database } from '../../db/client.js'
import { utmOfRow } from '../../lib/arrival.js'
import { NotFoundError } from '../../lib/errors.js'
import type { OrderLinesOf } from '../orders/orders-module.js'
import { exportFilename } from './csv-export.js'
import { leadCsvStream } from './lead-export.js'
import { type LeadReportRow, leadReportRepository as leadRepo } from './lead-report-repository.js'
import { pageWindowOf } from './list-cursor.js'
import { orderCsvStream } from './order-export.js'
import { type OrderReportRow, orderReportRepository as orderRepo } from './order-report-repository.js'
import { narrowedBy } from './report-filters.js'
import { reportPage } from './report-page.js'

const toLead = (row: LeadReportRow): Lead => ({
  id: row.id,
  full_name: row.fullName,
  email: row.email,
  free_offer: { id: row.offerId, headline: row.offerHeadline },
  utm: utmOfRow(row),
  variant: row.variantId === null || row.variantName === null ? null : { id: row.variantId, name: row.variantName },
  created_at: row.createdAt.toISOString(),
})

/** Listed orders always carry the visitor's details and a listed status: the list leaves drafts out (D20). */
const toOrder = ({ order, offer, bump, upsell, variant }: OrderReportRow, lines: OrderLine[]): Order => ({
  id: order.id,
  intent_id: order.intentId,
  full_name: order.fullName ?? '',
  email: order.email ?? '',
  free_offer: offer,
  bump_offer: bump,
  upsell_offer: upsell,
  amount: centsToAmount(order.amountCents + order.postPurchaseCents),
  refunded: centsToAmount(order.refundedCents),
  currency: currencyById(order.currency).value,
  status: order.status as OrderStatus,
  lines,
  utm: utmOfRow(order),
  variant,
  created_at: order.createdAt.toISOString(),
})

const positionOfLead = (row: { id: string; cursorTime: string }) => ({ createdAt: row.cursorTime, id: row.id })
const positionOfOrder = (row: OrderReportRow & { cursorTime: string }) => ({ createdAt: row.cursorTime, id: row.order.id })

/** The filters, as `next`/`previous` links carry them. */
const leadFilterParams = (filters: LeadFilters) => ({
  search: filters.search,
  free_offer: filters.free_offer,
  date_from: filters.date_from,
  date_to: filters.date_to,
  utm_campaign: filters.utm_campaign,
  utm_source: filters.utm_source,
})

/** The seller's leads and orders: lists (newest first) and their CSV exports. Always the caller's own. */
export function createReportListService({ db, now, orderLines }: { db: Database; now: () => Date; orderLines: OrderLinesOf }) {
  return {
    async leads(sellerId: string, query: LeadListQuery, listUrl: string): Promise<LeadList> {
      // Without a search the count is exact and cheap: known first, it lets a deep page read from the nearer end.
      const known = narrowedBy(query) ? null : await leadRepo.count(db, sellerId, query)
      const window = pageWindowOf(query, known?.count ?? null)
      const [total, page] = await Promise.all([known ?? leadRepo.count(db, sellerId, query), leadRepo.page(db, sellerId, query, window)])
      const filters = leadFilterParams(query)
      return reportPage({ listUrl, query, filters, total, page, window, positionOf: positionOfLead, toItem: toLead })
    },

    async orders(sellerId: string, query: OrderListQuery, listUrl: string): Promise<OrderList> {
      const known = narrowedBy(query) ? null : await orderRepo.count(db, sellerId, query)
      const window = pageWindowOf(query, known?.count ?? null)
      const [total, page] = await Promise.all([known ?? orderRepo.count(db, sellerId, query), orderRepo.page(db, sellerId, query, window)])
      const filters = { ...leadFilterParams(query), status: query.status }
      // One more query for the page's lines (decision D35), asked of the orders module that owns them.
      const lines = await orderLines(
        db,
        page.rows.map((row) => row.order.id),
      )
      const toItem = (row: OrderReportRow) => toOrder(row, lines.get(row.order.id) ?? [])
      return reportPage({ listUrl, query, filters, total, page, window, positionOf: positionOfOrder, toItem })
    },

    /** One of the seller's listed orders with its lines; another seller's (or a draft) is not found. */
    async order(sellerId: string, orderId: string): Promise<Order> {
      const row = isUuid(orderId) ? await orderRepo.one(db, sellerId, orderId) : undefined
      if (!row) throw new NotFoundError()
      const lines = await orderLines(db, [row.order.id])
      return toOrder(row, lines.get(row.order.id) ?? [])
    },

    exportLeads(sellerId: string, filters: LeadFilters): { filename: string; stream: Readable } {
      return {
        filename: exportFilename('leads', now()),
        stream: leadCsvStream(db, sellerId, filters),
      }
    },

    exportOrders(sellerId: string, filters: OrderFilters): { filename: string; stream: Readable } {
      return {
        filename: exportFilename('orders', now()),
        stream: orderCsvStream(db, sellerId, filters),
      }
    },
  }
}
export type ReportListService = ReturnType<typeof createReportListService>
