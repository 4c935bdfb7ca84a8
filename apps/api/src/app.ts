import path from 'node:path'
import fastifyHelmet from '@fastify/helmet'
import Fastify, { type FastifyBaseLogger } from 'fastify'
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod'
import type { Redis } from 'ioredis'
import { type Config, repoRoot } from './config.js'
import type { Database } from './db/client.js'
import type { JobQueue } from './jobs/queue.js'
import { createMemoryLimitStore, createRedisLimitStore } from './lib/limit-store.js'
import { connectionOf, createSellerChanges, type SellerChanges } from './lib/seller-changes.js'
import type { TokenSigner } from './lib/tokens.js'
import { createMailService } from './mail/mail-service.js'
import { authRoutes } from './modules/auth/auth-routes.js'
import { createAuthService } from './modules/auth/auth-service.js'
import { gettingStartedRoutes } from './modules/getting-started/getting-started-routes.js'
import { createGettingStartedService } from './modules/getting-started/getting-started-service.js'
import { healthRoutes } from './modules/health/health-routes.js'
import { createLeadService, type LeadCaptureLimits, leadRoutes } from './modules/leads/leads-module.js'
import { offerRoutes } from './modules/offers/offer-routes.js'
import { createOfferServices } from './modules/offers/offer-services.js'
import { checkoutRoutes, createOrderServices, orderReceiptRoutes } from './modules/orders/orders-module.js'
import { createPaymentServices, paymentsModule } from './modules/payments/payments-module.js'
import type { PaymentProvider } from './modules/payments/providers/provider.js'
import { createReportServices, reportsModule } from './modules/reports/reports-module.js'
import { sellerRoutes } from './modules/sellers/seller-routes.js'
import { createSellerService } from './modules/sellers/seller-service.js'
import { createCustomDomainAccess } from './modules/settings/custom-domain-access.js'
import { createSettingsServices, settingsModule } from './modules/settings/settings-module.js'
import { registerApiDocs } from './plugins/api-docs.js'
import { authPlugin } from './plugins/auth.js'
import { registerErrorHandler } from './plugins/error-handler.js'
import { answerClientError, answerFrameworkError } from './plugins/framework-errors.js'
import { hostRoutingPlugin } from './plugins/host-routing.js'
import { registerRateLimits } from './plugins/rate-limits.js'
import { replayPublicReads } from './plugins/replay-public-reads.js'
import { serverTimeouts } from './plugins/server-timeouts.js'
import { storableTextValidatorCompiler } from './plugins/storable-text.js'
import { registerWebApp } from './plugins/web-app.js'
import { createFileStorage } from './storage/create-file-storage.js'
import type { FileStorage } from './storage/file-storage.js'
import { registerMediaRoute } from './storage/media-route.js'

/** Everything the app talks to. Tests pass real local ones; nothing here is global. */
export type AppDeps = {
  config: Config
  db: Database
  jobs: JobQueue
  tokens: TokenSigner
  now?: () => Date
  /** Shared rate-limit counters across processes; in memory when absent. */
  redis?: Redis
  webDist?: string
  logger?: FastifyBaseLogger
  /** Created from config (Stripe keys or the local test provider) when absent. */
  payments?: PaymentProvider
  /** Uploaded images; a folder under DATA_DIR served at /media/ when absent. */
  storage?: FileStorage
  /**
   * No longer read: the CSV exports are one COPY each, not batches (docs/decisions/0012). Kept so
   * that callers written for the batched export (tests crossing batch boundaries) still build.
   */
  exportBatchSize?: number
  /** Tells the public caches about changes in any process; listens on `db`'s server when absent. */
  changes?: SellerChanges
  /** Decision D22's lead-capture limits (modules/leads/lead-capture-limits.ts) when absent; tests make them small. */
  leadCaptureLimits?: LeadCaptureLimits
}

export async function buildApp(deps: AppDeps) {
  const { config, db, jobs, tokens } = deps
  const now = deps.now ?? (() => new Date())
  const app = Fastify({
    ...(deps.logger ? { loggerInstance: deps.logger } : { logger: false }),
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    ...serverTimeouts(config),
    // Errors raised before any route runs, answered in the product's shape too.
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
  }).withTypeProvider<ZodTypeProvider>()
  // Every route's validator also refuses text PostgreSQL cannot store (a 400 on its field).
  app.setValidatorCompiler(storableTextValidatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  // Every call takes JSON or multipart; Fastify would otherwise read text/plain as a string and
  // answer a confusing 400 instead of 415.
  app.removeContentTypeParser('text/plain')
  registerErrorHandler(app)
  // First of all hooks: a repeated public read of a cached offer is answered here (decision 0015).
  replayPublicReads(app, (id) => services.offers.publicFree.peek(id))

  // Public reads are cached per process; this listener keeps every process's caches current.
  const changes = deps.changes ?? createSellerChanges(connectionOf(db), (message) => app.log.warn(message))
  changes.start()
  app.addHook('onClose', () => changes.stop())
  // A seller's own successful change drops their cached public views here at once; other
  // processes hear of it from the database (migration 0007) a moment later.
  const readOnly = new Set(['GET', 'HEAD', 'OPTIONS'])
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.seller && reply.statusCode < 400 && !readOnly.has(request.method)) changes.changed(request.seller.id)
    done(null, payload)
  })

  await app.register(fastifyHelmet, {
    // The SPA's HTML sets its own policy (plugins/web-app.ts); API answers are JSON.
    contentSecurityPolicy: false,
    crossOriginEmbedderPolicy: false,
  })
  await registerRateLimits(app, { redis: deps.redis })
  await registerApiDocs(app, { publicUrl: config.publicUrl, serveDocs: config.apiDocs })
  const sellers = createSellerService({ db, now })
  await app.register(authPlugin, { tokens, sellerExists: sellers.exists })
  const domainAccess = createCustomDomainAccess({ db })
  await app.register(hostRoutingPlugin, { access: domainAccess, publicUrl: config.publicUrl, pagesUrl: config.pagesUrl })

  const mail = createMailService({ db, jobs })
  const payments = await createPaymentServices({ config, db, now, ...(deps.payments ? { provider: deps.payments } : {}) })
  const storage = deps.storage ?? createFileStorage(config)
  await registerMediaRoute(app, storage)
  const limits = deps.redis ? createRedisLimitStore(deps.redis) : createMemoryLimitStore(now)
  const services = {
    auth: createAuthService({ db, tokens, now, limits }),
    sellers,
    leads: createLeadService({
      db,
      jobs,
      now,
      changes,
      limits,
      log: (message) => app.log.warn(message),
      ...(deps.leadCaptureLimits ? { captureLimits: deps.leadCaptureLimits } : {}),
    }),
    settings: createSettingsServices({ db, config, now, onDomainChange: domainAccess.forget }),
    payments,
    offers: createOfferServices({ db, storage, pagesUrl: config.pagesUrl, changes }),
    reports: createReportServices({ db, jobs, now }),
    orders: createOrderServices({ db, jobs, now, provider: payments.provider, publishableKey: config.STRIPE_PUBLISHABLE_KEY }),
  }

  await app.register(
    async (api) => {
      await api.register(healthRoutes, { db })
      await api.register(authRoutes, { auth: services.auth, sellers: services.sellers })
      await api.register(sellerRoutes, { sellers: services.sellers })
      await api.register(gettingStartedRoutes, { gettingStarted: createGettingStartedService({ db, provider: payments.provider.name }) })
      await api.register(leadRoutes, { leads: services.leads })
      await api.register(settingsModule, { settings: services.settings })
      await api.register(paymentsModule, {
        payments: services.payments,
        publicUrl: config.publicUrl,
        onPaymentEvent: services.orders.fulfilment.handle,
      })
      await api.register(checkoutRoutes, { checkout: services.orders.checkout })
      await api.register(orderReceiptRoutes, { receipts: services.orders.receipts })
      await api.register(offerRoutes, { offers: services.offers, publicUrl: config.publicUrl, maxUploadBytes: config.MAX_UPLOAD_BYTES })
      await api.register(reportsModule, { reports: services.reports, publicUrl: config.publicUrl })
    },
    { prefix: '/api/v1' },
  )
  void mail

  await registerWebApp(app, {
    webDist: deps.webDist ?? path.join(repoRoot, 'apps/web/dist'),
    publicUrl: config.publicUrl,
    pagesUrl: config.pagesUrl,
    productLinks: config.productLinks,
    loadOffer: (id) => services.offers.publicFree.get(id),
  })
  return app
}
export type App = Awaited<ReturnType<typeof buildApp>>
