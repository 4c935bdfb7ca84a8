import type { Order } from '@funnelry/shared'
import type { Database } from '../../db/client.js'
import type { Owns } from '../../http/public-page.js'
import type { JobQueue } from '../../jobs/queue.js'
import type { ApiModule } from '../../lib/api-module.js'
import type { Conversions } from '../conversions/conversions-module.js'
import type { LeadRecording, SplitVisits } from '../leads/leads-module.js'
import type { OfferNames, OfferServices, OfferUsageCount } from '../offers/offers-module.js'
import type { WebhookEmitter } from '../webhooks/webhooks-module.js'
import type { CheckoutPayments } from './checkout-provider.js'
import { checkoutRoutes } from './checkout-routes.js'
import { createCheckoutService } from './checkout-service.js'
import { createAbandonmentSweep } from './order-abandonment.js'
import { createOrderDeliveries } from './order-delivery.js'
import { createOrderFulfilment } from './order-fulfilment.js'
import { orderLineRepository, orderLinesOf } from './order-lines.js'
import { createOrderOwnership } from './order-ownership.js'
import { orderReceiptRoutes } from './order-receipt-routes.js'
import { createOrderReceipts } from './order-receipts.js'
import { createRefundDelivery } from './order-refund-delivery.js'
import { orderRefundRoutes } from './order-refund-routes.js'
import { createOrderRefunds } from './order-refunds.js'
import { orderRepository } from './order-repository.js'
import { createPaymentSettlement } from './payment-settlement.js'
import { revenueByVariant } from './variant-revenue.js'

type Deps = {
  db: Database
  jobs: JobQueue
  now: () => Date
  payments: CheckoutPayments
  offers: {
    forCheckout: (id: string, variantId: string | null) => ReturnType<OfferServices['forCheckout']>
    /** Whose a free offer is, for the checkout's check on a seller's custom domain. */
    ownsFreeOffer: Owns
  }
  leads: LeadRecording
  /** The offers and sellers modules' names of what an order holds: receipts and delivery emails (docs/decisions/0028). */
  names: OfferNames
  webhooks: WebhookEmitter
  /** Server-side conversions: the checkout's visitor and each paid order's Purchase event (D30). */
  conversions: Pick<Conversions, 'checkoutStarted' | 'ordersPaid'>
  publishableKey?: string | undefined
  /** Split tests: the variant a visitor's cookie names (issue 27). */
  splitVisits?: SplitVisits | undefined
  /** Decision D34: the one-click charges after an order's payment, listed on its receipt (post-purchase module). */
  postPurchaseItems?: Parameters<typeof createOrderReceipts>[0]['extraItems']
  /** Where fulfilment and the abandonment sweep report what went wrong (the app's logger). */
  log: (message: string) => void
  /** The order as the orders list shows it (reports module), for the refund's answer (D35). */
  viewOrder: (sellerId: string, orderId: string) => Promise<Order>
}

function createOrderServices({
  db,
  jobs,
  now,
  payments,
  offers,
  leads,
  names,
  webhooks,
  conversions,
  publishableKey,
  postPurchaseItems,
  log,
}: Deps) {
  const deliveries = createOrderDeliveries({ jobs, leads, webhooks, conversions, names })
  const fulfilment = createOrderFulfilment({ db, deliveries, now, log, cardTesting: payments.cardTesting, provider: payments.provider })
  const checkout = createCheckoutService({
    db,
    payments,
    offers,
    leads,
    fulfilment,
    now,
    ...(publishableKey ? { publishableKey } : {}),
  })
  return {
    fulfilment,
    checkout,
    receipts: createOrderReceipts({ db, now, names, ...(postPurchaseItems ? { extraItems: postPurchaseItems } : {}) }),
    abandonment: createAbandonmentSweep({ db, payments, now, log }),
    /** Payments that succeeded with no event reaching us, asked of the provider (the `settle-payments` job). */
    settlement: createPaymentSettlement({ db, payments, fulfilment, now, log }),
    /**
     * Decision D35: what each order paid for. `addPostPurchaseLine` records a post-purchase charge
     * (D34; idempotent per order and offer, in the caller's transaction); `ofOrders` reads lines
     * for the orders list and view.
     */
    lines: {
      addPostPurchaseLine: orderLineRepository.addPostPurchaseLine,
      addPostPurchaseLines: orderLineRepository.addPostPurchaseLines,
      ofOrders: orderLinesOf,
    },
    /** Decision D35: refunds of an order's lines through the provider. */
    refunds: createOrderRefunds({ db, payments, now, deliver: createRefundDelivery({ jobs, webhooks, names }) }),
    /** The orders that keep an offer from being deleted. */
    offerUsage: orderRepository.countForOffer satisfies OfferUsageCount,
    /** Split tests' revenue per buying visitor, variant and day (issue 27). */
    revenueByVariant: (variantIds: string[]) => revenueByVariant(db, variantIds),
    /** A seller's listed order by its id, in the caller's transaction (a post-purchase charge's follow-ups, issue 26). */
    ownedOrder: orderRepository.findOwned,
    /** Whose an order is (a custom domain's check on the page's `intent_id`). */
    ownership: createOrderOwnership(db),
  }
}

export type OrderServices = ReturnType<typeof createOrderServices>
export type { OrderReceipts } from './order-receipts.js'
export type { OrderRow } from './order-repository.js'

/**
 * Orders: the checkout, the fulfilment the payments module feeds with provider events, the
 * thank-you page's receipts, and the abandonment sweep the worker runs.
 */
export function createOrdersModule(deps: Deps): ApiModule<OrderServices> {
  const orders = createOrderServices(deps)
  return {
    services: orders,
    routes: async (api) => {
      await api.register(checkoutRoutes, {
        checkout: orders.checkout,
        conversions: deps.conversions,
        splitVisits: deps.splitVisits,
        ownsFreeOffer: deps.offers.ownsFreeOffer,
        ownsIntent: orders.ownership.intent,
      })
      await api.register(orderReceiptRoutes, { receipts: orders.receipts })
      await api.register(orderRefundRoutes, { refunds: orders.refunds, viewOrder: deps.viewOrder })
    },
  }
}
export { orderLineView } from './order-line-view.js'
export type { OrderLinesOf, PostPurchaseLine } from './order-lines.js'
