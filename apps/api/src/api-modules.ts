import type { Config } from './config.js'
import type { Database } from './db/client.js'
import type { JobQueue } from './jobs/queue.js'
import type { LimitStore } from './lib/limit-store.js'
import type { SellerChanges } from './lib/seller-changes.js'
import { createConversionsModule } from './modules/conversions/conversions-module.js'
import { createExperimentsModule } from './modules/experiments/experiments-module.js'
import { createGettingStartedModule } from './modules/getting-started/getting-started-module.js'
import { createLeadsModule, type LeadCaptureLimits } from './modules/leads/leads-module.js'
import { createOffersModule, type OfferNames, type OfferUsage } from './modules/offers/offers-module.js'
import { createOrdersModule, type OrderServices } from './modules/orders/orders-module.js'
import { createPaymentsModule, type PaymentProvider } from './modules/payments/payments-module.js'
import { createPostPurchaseModule } from './modules/post-purchase/post-purchase-module.js'
import { createReportsModule } from './modules/reports/reports-module.js'
import { createSellersModule } from './modules/sellers/sellers-module.js'
import { createSettingsModule } from './modules/settings/settings-module.js'
import { createWebhooksModule } from './modules/webhooks/webhooks-module.js'
import type { FileStorage } from './storage/file-storage.js'

export type ApiModulesDeps = {
  config: Config
  db: Database
  jobs: JobQueue
  now: () => Date
  changes: SellerChanges
  limits: LimitStore
  storage: FileStorage
  /** From config (Stripe keys or the local test provider) when absent. */
  provider?: PaymentProvider | undefined
  leadCaptureLimits?: LeadCaptureLimits | undefined
  log: { warn: (message: string) => void; error: (message: string) => void }
}

/**
 * Builds every business area from its public entry (docs/decisions/0016), each handed the other
 * modules' services it uses. The two composition roots share it: buildApp registers the routes, the
 * worker (workers.ts) runs job handlers taken from the same services.
 */
export async function createApiModules({
  config,
  db,
  jobs,
  now,
  changes,
  limits,
  storage,
  provider,
  leadCaptureLimits,
  log,
}: ApiModulesDeps) {
  const sellers = createSellersModule({ db, now })
  const webhooks = createWebhooksModule({ db, jobs, now, publicUrl: config.publicUrl, allowPrivate: config.ALLOW_PRIVATE_WEBHOOKS })
  const conversions = createConversionsModule({
    db,
    jobs,
    now,
    publicUrl: config.publicUrl,
    urls: { metaGraphUrl: config.META_GRAPH_URL, ga4Url: config.GA4_MP_URL },
    log: log.error,
  })
  // Whose a free offer is, asked of the offers module (built below, as it uses settings and leads) on a request.
  const ownsFreeOffer = (sellerId: string, id: string) => offers.services.ownership.freeOffer(sellerId, id)
  const settings = createSettingsModule({
    db,
    config,
    now,
    webhooks: webhooks.services.settings,
    consentRequired: conversions.services.consentRequired,
    ownsFreeOffer,
  })
  // Split tests (issue 27): lead capture and the checkout ask which variant a visitor saw; the
  // experiments module is built below (it uses offers), and is asked only on a request.
  const splitVisits = {
    visitorVariantId: (offerId: string, cookie: string | undefined) => experiments.services.visitorVariantId(offerId, cookie),
    visitorArm: (offerId: string, cookie: string | undefined) => experiments.services.visitorArm(offerId, cookie),
  }
  // What leads and orders name an offer by: its title and link (offers, built below and asked only
  // on a request) and its seller's business name (sellers), each in batches (docs/decisions/0028).
  const names: OfferNames = {
    offerLinks: (executor, ids) => offers.services.links(executor, ids),
    businessNames: sellers.services.sellers.businessNames,
  }
  const leads = createLeadsModule({
    names,
    splitVisits,
    db,
    jobs,
    webhooks: webhooks.services.emitter,
    conversions: conversions.services.conversions,
    now,
    changes,
    limits,
    ownsFreeOffer,
    log: log.warn,
    ...(leadCaptureLimits ? { captureLimits: leadCaptureLimits } : {}),
  })
  // Deleting an offer counts the leads and orders that point at it, asking their owners. Orders are
  // built below (they use offers): the count is only asked for on a delete request, once both exist.
  const usage: OfferUsage = {
    async countFor(executor, kind, offerId) {
      const [leadCount, orderCount] = await Promise.all([
        leads.services.offerUsage(executor, kind, offerId),
        orders.services.offerUsage(executor, kind, offerId),
      ])
      return { leads: leadCount, orders: orderCount }
    },
  }
  const offers = createOffersModule({
    db,
    storage,
    changes,
    offerContext: settings.services.offerContext,
    usage,
    // Payments are built below (they use sellers only); asked only on a request, once both exist.
    payments: { canTakeCharges: (sellerId) => payments.services.accounts.canTakeCharges(sellerId) },
    // Experiments are built below (they use offers); asked only when an image is replaced or deleted.
    variantImagesInUse: (keys) => experiments.services.imageKeysInUse(keys),
    publicUrl: config.publicUrl,
    maxUploadBytes: config.MAX_UPLOAD_BYTES,
  })
  const experiments = createExperimentsModule({
    db,
    changes,
    now,
    publicUrl: config.publicUrl,
    versions: offers.services.versions,
    maxUploadBytes: config.MAX_UPLOAD_BYTES,
    control: offers.services.publicFree,
    // Asked only for the results page, once leads and orders exist.
    funnel: {
      optInsByVariant: (ids) => leads.services.optInsByVariant(ids),
      revenueByVariant: (ids) => orders.services.revenueByVariant(ids),
    },
  })
  // Payments hand provider events to order fulfilment, and orders charge through payments: the
  // handler is looked up when an event arrives, once both exist.
  let fulfilment: OrderServices['fulfilment'] | undefined
  let refunds: OrderServices['refunds'] | undefined
  const payments = await createPaymentsModule({
    config,
    db,
    now,
    provider,
    sellers: sellers.services.sellers,
    limits,
    onPaymentEvent: async (event) => fulfilment?.handle(event),
    onRefundEvent: async (event) => refunds?.settle(event),
    // The card form's answer comes after the event was handled in-process; the job is for a process
    // that died in between, so it waits a few seconds and then finds the order paid (a no-op).
    // One job for the intents one transaction paid (a batch of confirms: docs/decisions/
    // checkout-at-campaign-scale.md), keyed by its first intent: the queue holds one job per key.
    settleLater: async (tx, intentIds) => {
      const [first] = intentIds
      if (first) await jobs.send('settle-payments', { intentIds }, { tx, singletonKey: `paid:${first}`, startAfterSeconds: 5 })
    },
  })
  const orders = createOrdersModule({
    db,
    jobs,
    now,
    payments: payments.services,
    offers: {
      // A split-test variant's order is priced with the variant's bump and upsell.
      forCheckout: async (id, variantId) =>
        (variantId ? await experiments.services.forCheckout(db, id, variantId) : undefined) ?? offers.services.forCheckout(id),
      ownsFreeOffer,
    },
    splitVisits,
    leads: leads.services.recording,
    names,
    webhooks: webhooks.services.emitter,
    conversions: conversions.services.conversions,
    publishableKey: config.STRIPE_PUBLISHABLE_KEY,
    // Built below (it reads paid orders); asked only when a receipt is read, once both exist.
    postPurchaseItems: (orderId, freeOfferId) => postPurchase.services.receiptItems(orderId, freeOfferId),
    log: log.error,
    // Reports are built below (they read the orders' lines); the view is asked for after a refund, once both exist.
    viewOrder: (sellerId, orderId) => reports.services.lists.order(sellerId, orderId),
  })
  fulfilment = orders.services.fulfilment
  refunds = orders.services.refunds
  const postPurchase = createPostPurchaseModule({
    db,
    jobs,
    now,
    receipts: orders.services.receipts,
    offers: offers.services,
    payments: payments.services,
    changes,
    webhooks: webhooks.services.emitter,
    conversions: conversions.services.conversions,
    businessName: async (sellerId) => (await sellers.services.sellers.findById(sellerId))?.businessName ?? '',
    publishableKey: config.STRIPE_PUBLISHABLE_KEY,
    addOrderLine: orders.services.lines.addPostPurchaseLine,
    addOrderLines: orders.services.lines.addPostPurchaseLines,
    ownedOrder: orders.services.ownedOrder,
    orderLines: orders.services.lines.ofOrders,
  })
  const gettingStarted = createGettingStartedModule({
    sellers: sellers.services.sellers,
    payments: payments.services.accounts,
    offers: offers.services.progress,
    domains: settings.services.domains,
    emailDelivery: config.SMTP_URL ? 'smtp' : 'stored',
  })
  const reports = createReportsModule({
    db,
    now,
    publicUrl: config.publicUrl,
    orderLines: orders.services.lines.ofOrders,
    splitVisitors: experiments.services,
    afterPurchaseSteps: postPurchase.services.afterPurchaseSteps,
    ownsFreeOffer,
  })
  return { sellers, settings, offers, payments, leads, webhooks, conversions, orders, postPurchase, gettingStarted, reports, experiments }
}
export type ApiModules = Awaited<ReturnType<typeof createApiModules>>
