import type { Database } from '../../db/client.js'
import type { JobQueue } from '../../jobs/queue.js'
import type { ApiModule } from '../../lib/api-module.js'
import type { Conversions } from '../conversions/conversions-module.js'
import type { LeadRecording } from '../leads/leads-module.js'
import type { OfferServices, OfferUsageCount } from '../offers/offers-module.js'
import type { WebhookEmitter } from '../webhooks/webhooks-module.js'
import type { CheckoutPayments } from './checkout-provider.js'
import { checkoutRoutes } from './checkout-routes.js'
import { createCheckoutService } from './checkout-service.js'
import { createAbandonmentSweep } from './order-abandonment.js'
import { createOrderDelivery } from './order-delivery.js'
import { createOrderFulfilment } from './order-fulfilment.js'
import { orderReceiptRoutes } from './order-receipt-routes.js'
import { createOrderReceipts } from './order-receipts.js'
import { orderRepository } from './order-repository.js'
import { createPaymentSettlement } from './payment-settlement.js'

type Deps = {
  db: Database
  jobs: JobQueue
  now: () => Date
  payments: CheckoutPayments
  offers: Pick<OfferServices, 'forCheckout'>
  leads: LeadRecording
  webhooks: WebhookEmitter
  /** Server-side conversions: the checkout's visitor and each paid order's Purchase event (D30). */
  conversions: Pick<Conversions, 'checkoutStarted' | 'orderPaid'>
  publishableKey?: string | undefined
  /** Where fulfilment and the abandonment sweep report what went wrong (the app's logger). */
  log: (message: string) => void
}

function createOrderServices({ db, jobs, now, payments, offers, leads, webhooks, conversions, publishableKey, log }: Deps) {
  const deliver = createOrderDelivery({ jobs, leads, webhooks, conversions })
  const fulfilment = createOrderFulfilment({ db, deliver, now, log, cardTesting: payments.cardTesting, provider: payments.provider })
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
    receipts: createOrderReceipts({ db, now }),
    abandonment: createAbandonmentSweep({ db, payments, now, log }),
    /** Payments that succeeded with no event reaching us, asked of the provider (the `settle-payments` job). */
    settlement: createPaymentSettlement({ db, payments, fulfilment, now, log }),
    /** The orders that keep an offer from being deleted. */
    offerUsage: orderRepository.countForOffer satisfies OfferUsageCount,
  }
}

export type OrderServices = ReturnType<typeof createOrderServices>

/**
 * Orders: the checkout, the fulfilment the payments module feeds with provider events, the
 * thank-you page's receipts, and the abandonment sweep the worker runs.
 */
export function createOrdersModule(deps: Deps): ApiModule<OrderServices> {
  const orders = createOrderServices(deps)
  return {
    services: orders,
    routes: async (api) => {
      await api.register(checkoutRoutes, { checkout: orders.checkout, conversions: deps.conversions })
      await api.register(orderReceiptRoutes, { receipts: orders.receipts })
    },
  }
}
