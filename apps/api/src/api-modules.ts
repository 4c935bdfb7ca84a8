import type { Config } from './config.js'
import type { Database } from './db/client.js'
import type { JobQueue } from './jobs/queue.js'
import type { LimitStore } from './lib/limit-store.js'
import type { SellerChanges } from './lib/seller-changes.js'
import { createConversionsModule } from './modules/conversions/conversions-module.js'
import { createGettingStartedModule } from './modules/getting-started/getting-started-module.js'
import { createLeadsModule, type LeadCaptureLimits } from './modules/leads/leads-module.js'
import { createOffersModule, type OfferUsage } from './modules/offers/offers-module.js'
import { createOrdersModule, type OrderServices } from './modules/orders/orders-module.js'
import { createPaymentsModule, type PaymentProvider } from './modules/payments/payments-module.js'
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
 * worker (jobs/workers.ts) runs job handlers taken from the same services.
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
  const settings = createSettingsModule({
    db,
    config,
    now,
    webhooks: webhooks.services.settings,
    consentRequired: conversions.services.consentRequired,
  })
  const leads = createLeadsModule({
    db,
    jobs,
    webhooks: webhooks.services.emitter,
    conversions: conversions.services.conversions,
    now,
    changes,
    limits,
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
    publicUrl: config.publicUrl,
    maxUploadBytes: config.MAX_UPLOAD_BYTES,
  })
  // Payments hand provider events to order fulfilment, and orders charge through payments: the
  // handler is looked up when an event arrives, once both exist.
  let fulfilment: OrderServices['fulfilment'] | undefined
  const payments = await createPaymentsModule({
    config,
    db,
    now,
    provider,
    sellers: sellers.services.sellers,
    limits,
    onPaymentEvent: async (event) => fulfilment?.handle(event),
    // The card form's answer comes after the event was handled in-process; the job is for a process
    // that died in between, so it waits a few seconds and then finds the order paid (a no-op).
    settleLater: async (tx, intentId) => {
      await jobs.send('settle-payments', { intentId }, { tx, singletonKey: intentId, startAfterSeconds: 5 })
    },
  })
  const orders = createOrdersModule({
    db,
    jobs,
    now,
    payments: payments.services,
    offers: offers.services,
    leads: leads.services.recording,
    webhooks: webhooks.services.emitter,
    conversions: conversions.services.conversions,
    publishableKey: config.STRIPE_PUBLISHABLE_KEY,
    log: log.error,
  })
  fulfilment = orders.services.fulfilment
  const gettingStarted = createGettingStartedModule({
    sellers: sellers.services.sellers,
    payments: payments.services.accounts,
    offers: offers.services.progress,
    domains: settings.services.domains,
    emailDelivery: config.SMTP_URL ? 'smtp' : 'stored',
  })
  const reports = createReportsModule({ db, now, publicUrl: config.publicUrl })
  return { sellers, settings, offers, payments, leads, webhooks, conversions, orders, gettingStarted, reports }
}
export type ApiModules = Awaited<ReturnType<typeof createApiModules>>
