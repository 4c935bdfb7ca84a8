import { type Order, orderRefundSchema, orderSchema } from '@funnelry/shared'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { offerIdParams } from '../../http/route-helpers.js'
import type { OrderRefunds } from './order-refunds.js'

type Options = {
  refunds: OrderRefunds
  /** The order as the orders list shows it (the reports module's view), read after the refund. */
  viewOrder: (sellerId: string, orderId: string) => Promise<Order>
}

/** Decision D35: the seller gives money back from Orders; signed in, their own orders only. */
export const orderRefundRoutes: FastifyPluginAsyncZod<Options> = async (app, { refunds, viewOrder }) => {
  app.post(
    '/orders/:id/refund/',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['reports'],
        summary:
          'Refund some lines of an order (all still paid when line_ids is absent) through the payment provider; a line refunded twice is a 409, a free line a 400',
        params: offerIdParams,
        body: orderRefundSchema,
        response: { 200: orderSchema },
      },
    },
    async (request) => {
      await refunds.refund(request.seller.id, request.params.id, request.body.line_ids)
      return viewOrder(request.seller.id, request.params.id)
    },
  )
}
