import type { Database } from '../../db/client.js'
import type { JobQueue } from '../../jobs/queue.js'
import type { ApiModule } from '../../lib/api-module.js'
import type { SellerChanges } from '../../lib/seller-changes.js'
import type { Conversions } from '../conversions/conversions-module.js'
import type { OfferServices } from '../offers/offers-module.js'
import type { OrderLinesOf, OrderReceipts, OrderServices } from '../orders/orders-module.js'
import type { PaymentServices } from '../payments/payments-module.js'
import type { WebhookEmitter } from '../webhooks/webhooks-module.js'
import { type ChargingDeps, createPostPurchaseCharging } from './post-purchase-charging.js'
import { createPostPurchaseDelivery } from './post-purchase-delivery.js'
import { createPostPurchaseFollowUps } from './post-purchase-follow-ups.js'
import { postPurchaseRoutes } from './post-purchase-routes.js'
import { createPostPurchaseService } from './post-purchase-service.js'
import { createPostPurchaseStats } from './post-purchase-stats.js'

type Deps = {
  db: Database
  jobs: JobQueue
  now: () => Date
  receipts: Pick<OrderReceipts, 'paidOrder' | 'exists'>
  offers: Pick<OfferServices, 'postPurchaseSteps' | 'cachedPostPurchaseSteps'>
  payments: Pick<PaymentServices, 'provider' | 'accountOf'>
  changes: SellerChanges
  webhooks: WebhookEmitter
  conversions: Pick<Conversions, 'orderPaid'>
  businessName: (sellerId: string) => Promise<string>
  publishableKey?: string | undefined
  addOrderLine: ChargingDeps['addOrderLine']
  addOrderLines: ChargingDeps['addOrderLines']
  /** A seller's order by its id, for a charge's follow-ups (the orders module's). */
  ownedOrder: OrderServices['ownedOrder']
  /** Issue 26: whether each charge's order line is still paid (refunds drop out of revenue). */
  orderLines: OrderLinesOf
}

/**
 * Post-purchase one-click offers (decision D34): the steps shown after a paid checkout, their
 * charges of the saved card (one per order and step: this module's table), and what each sends
 * (queued by a job after the buyer's answer, issue 26).
 */
export function createPostPurchaseModule(deps: Deps) {
  const charging = createPostPurchaseCharging(deps)
  const postPurchase = {
    ...createPostPurchaseService({ ...deps, charging }),
    afterPurchaseSteps: createPostPurchaseStats(deps),
    /** The `post-purchase-follow-ups` job handler, for the worker (issue 26). */
    followUpHandler: createPostPurchaseFollowUps({ ...deps, deliver: createPostPurchaseDelivery(deps) }),
  }
  const module: ApiModule<typeof postPurchase> = {
    services: postPurchase,
    routes: async (api) => api.register(postPurchaseRoutes, { postPurchase }),
  }
  return module
}
export type { PostPurchaseService } from './post-purchase-service.js'
export type { AfterPurchaseStats, StatsRange } from './post-purchase-stats.js'
