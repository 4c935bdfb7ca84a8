import type { Readable } from 'node:stream'
import {
  leadFiltersSchema,
  leadListQuerySchema,
  leadListSchema,
  orderFiltersSchema,
  orderListQuerySchema,
  orderListSchema,
  orderSchema,
} from '@funnelry/shared'
import type { FastifyReply } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { listUrlOf, offerIdParams } from '../../http/route-helpers.js'
import type { ReportListService } from './report-list-service.js'

type Options = { reports: ReportListService; publicUrl: string }

/** A CSV export as a download named by the server. */
const sendCsv = (reply: FastifyReply, { filename, stream }: { filename: string; stream: Readable }) =>
  reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'no-store')
    .send(stream)

/** The seller's leads and orders (issue 6): signed in, the caller's own only. */
export const reportRoutes: FastifyPluginAsyncZod<Options> = async (app, { reports, publicUrl }) => {
  const signedIn = { onRequest: app.authenticate }

  app.get(
    '/leads/',
    {
      ...signedIn,
      schema: {
        tags: ['reports'],
        summary: "The seller's leads, newest first; search is part of the name or email, dates are inclusive UTC days",
        querystring: leadListQuerySchema,
        response: { 200: leadListSchema },
      },
    },
    (request) => reports.leads(request.seller.id, request.query, listUrlOf(publicUrl, request)),
  )

  app.get(
    '/leads/export/',
    {
      ...signedIn,
      schema: {
        tags: ['reports'],
        summary: 'All leads matching the filters as CSV (streamed; header row first)',
        querystring: leadFiltersSchema,
        produces: ['text/csv'],
      },
    },
    (request, reply) => sendCsv(reply, reports.exportLeads(request.seller.id, request.query)),
  )

  app.get(
    '/orders/',
    {
      ...signedIn,
      schema: {
        tags: ['reports'],
        summary: "The seller's orders, newest first, with what each bought",
        querystring: orderListQuerySchema,
        response: { 200: orderListSchema },
      },
    },
    (request) => reports.orders(request.seller.id, request.query, listUrlOf(publicUrl, request)),
  )

  app.get(
    '/orders/:id/',
    {
      ...signedIn,
      schema: {
        tags: ['reports'],
        summary: "One of the seller's orders with its lines (decision D35); another seller's is not found",
        params: offerIdParams,
        response: { 200: orderSchema },
      },
    },
    (request) => reports.order(request.seller.id, request.params.id),
  )

  app.get(
    '/orders/export/',
    {
      ...signedIn,
      schema: {
        tags: ['reports'],
        summary: 'All orders matching the filters as CSV (streamed; header row first), quoted and defused like the leads export',
        querystring: orderFiltersSchema,
        produces: ['text/csv'],
      },
    },
    (request, reply) => sendCsv(reply, reports.exportOrders(request.seller.id, request.query)),
  )
}
