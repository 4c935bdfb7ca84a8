import {
  freeOfferListSchema,
  type Lead,
  leadListSchema,
  type Order,
  type OrderRefundInput,
  orderListSchema,
  orderRefundSchema,
  orderSchema,
} from '@funnelry/shared'
import { HttpResponse } from 'msw'
import { freeOffer } from '../../../testing/factories/offers'
import { checklist, guide, pageOf } from '../../../testing/factories/reports'
import { apiHandler, fileText, server } from '../../../testing/msw'
import type { FreeOfferChoice } from '../../offers'

/** The query of each request, as sent: `{ page: '1', page_size: '25', search: 'ada' }`. */
export type SentQuery = Record<string, string>

const queryOf = (request: Request): SentQuery => Object.fromEntries(new URL(request.url).searchParams)

/** GET /free-product/ for the offer filter: whole free offers, as the API sends them, with these ids and headlines. */
export function mockOfferOptions(offers: FreeOfferChoice[] = [guide, checklist]) {
  const sent: SentQuery[] = []
  server.use(
    apiHandler('get', '/free-product/', freeOfferListSchema, ({ request }) => {
      sent.push(queryOf(request))
      return HttpResponse.json(pageOf(offers.map((offer) => freeOffer(offer))))
    }),
  )
  return sent
}

/** GET /leads/ answers `rows` (as one page of `count`) whatever the query; `sent` records each query. */
export function mockLeads(rows: Lead[], count = rows.length) {
  const sent: SentQuery[] = []
  server.use(
    apiHandler('get', '/leads/', leadListSchema, ({ request }) => {
      sent.push(queryOf(request))
      return HttpResponse.json(pageOf(rows, count))
    }),
  )
  return sent
}

export function mockOrders(rows: Order[], count = rows.length) {
  const sent: SentQuery[] = []
  server.use(
    apiHandler('get', '/orders/', orderListSchema, ({ request }) => {
      sent.push(queryOf(request))
      return HttpResponse.json(pageOf(rows, count))
    }),
  )
  return sent
}

export type ExportRequest = { query: SentQuery; authorization: string | null }

/** GET /leads/export/ answers `csv` as the API does (an attachment named `filename`). */
export function mockLeadExport(csv: string, filename = 'leads-2025-02-01.csv') {
  return mockExport('leads', csv, filename)
}

/** GET /{kind}/export/, recording the filters and the Authorization header of each request. */
export function mockExport(kind: 'leads' | 'orders', csv: string, filename = `${kind}-2025-02-01.csv`) {
  const sent: ExportRequest[] = []
  server.use(
    apiHandler('get', `/${kind}/export/`, fileText, ({ request }) => {
      sent.push({ query: queryOf(request), authorization: request.headers.get('authorization') })
      return new HttpResponse(csv, {
        headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': `attachment; filename="${filename}"` },
      })
    }),
  )
  return sent
}

/**
 * GET /orders/<id>/ answers `current`; POST /orders/<id>/refund/ records its body and answers
 * `refunded(body)` (the order as the server would leave it) or the `refusal` given.
 */
export function mockOrderRefund(current: Order, refunded: (body: OrderRefundInput) => Order, refusal?: { status: number; detail: string }) {
  const sent: OrderRefundInput[] = []
  let answer = current
  server.use(
    apiHandler('get', `/orders/${current.id}/`, orderSchema, () => HttpResponse.json(answer)),
    apiHandler('post', `/orders/${current.id}/refund/`, orderSchema, async ({ request }) => {
      const body = orderRefundSchema.parse(await request.json())
      sent.push(body)
      if (refusal) return HttpResponse.json({ detail: refusal.detail }, { status: refusal.status })
      answer = refunded(body)
      return HttpResponse.json(answer)
    }),
  )
  return sent
}
