import path from 'node:path'
import fastifyHelmet from '@fastify/helmet'
import Fastify, { type FastifyBaseLogger, type FastifyReply, type FastifyRequest, type RouteOptions } from 'fastify'
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod'
import type { Redis } from 'ioredis'
import { createApiModules } from './api-modules.js'
import { type Config, repoRoot } from './config.js'
import type { Database } from './db/client.js'
import type { JobQueue } from './jobs/queue.js'
import { createMemoryLimitStore, createRedisLimitStore } from './lib/limit-store.js'
import { connectionOf, createSellerChanges, type SellerChanges } from './lib/seller-changes.js'
import type { TokenSigner } from './lib/tokens.js'
import { createAuthModule } from './modules/auth/auth-module.js'
import { createHealthModule } from './modules/health/health-module.js'
import type { LeadCaptureLimits } from './modules/leads/leads-module.js'
import type { PaymentProvider } from './modules/payments/payments-module.js'
import { registerApiDocs } from './plugins/api-docs.js'
import { authPlugin } from './plugins/auth.js'
import { registerErrorHandler } from './plugins/error-handler.js'
import { answerClientError, answerFrameworkError } from './plugins/framework-errors.js'
import { hostHeaderServerOptions, refuseAmbiguousHost } from './plugins/host-header.js'
import { hostRoutingPlugin } from './plugins/host-routing.js'
import { registerJsonBodyParser } from './plugins/json-body.js'
import { registerRateLimits } from './plugins/rate-limits.js'
import { replayPublicReads } from './plugins/replay-public-reads.js'
import { serverTimeouts } from './plugins/server-timeouts.js'
import { storableTextValidatorCompiler } from './plugins/storable-text.js'
import { refuseUnknownQueryParameters } from './plugins/strict-query.js'
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
  /**
   * Whether an access token's log-in is still going; the auth module's (in memory, kept current by
   * database notifications) when absent. The bench's anchor passes one that reads nothing.
   */
  logInLive?: (logInId: string, sellerId: string) => Promise<boolean>
  /** Sees every answer just before it is sent: tests check each against the API document. */
  observeAnswer?: (request: FastifyRequest, reply: FastifyReply, payload: unknown) => void
  /** Sees every route as it is added: tests hold each route's public-page declaration against what the sites answer. */
  observeRoute?: (route: RouteOptions) => void
}

export async function buildApp(deps: AppDeps) {
  const { config, db, jobs, tokens } = deps
  const now = deps.now ?? (() => new Date())
  const timeouts = serverTimeouts(config)
  const app = Fastify({
    ...(deps.logger ? { loggerInstance: deps.logger } : { logger: false }),
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    // The spec's calls end in '/'; the API document lists them without it (plugins/openapi-document.ts).
    routerOptions: { ignoreTrailingSlash: true },
    ...timeouts,
    http: { ...timeouts.http, ...hostHeaderServerOptions },
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
  // JSON nested past a fixed depth is refused before anything walks it (issue 23).
  registerJsonBodyParser(app)
  registerErrorHandler(app)
  const { observeAnswer, observeRoute } = deps
  if (observeRoute) app.addHook('onRoute', observeRoute)
  // Before any plugin is registered, so that every route's answers pass here.
  if (observeAnswer) {
    app.addHook('onSend', (request, reply, payload, done) => {
      observeAnswer(request, reply, payload)
      done(null, payload)
    })
  }
  // Unknown query parameters are refused like unknown body fields, on every API route.
  refuseUnknownQueryParameters(app)
  // Zero or two Host headers are a 400 before anything reads the Host (RFC 9112).
  refuseAmbiguousHost(app)
  // Then first: a repeated public read of a cached offer is answered here (decision 0015).
  replayPublicReads(
    app,
    (id) => offers.services.publicFree.peek(id),
    (id, cookie) => experiments.services.pages.peekForVisitor(id, cookie),
  )

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
    // The browsers' own default, not helmet's no-referrer: a funnel page's calls to its own origin
    // carry the page's address, which Meta's Conversions API requires as `event_source_url` (D30);
    // other sites still get only our origin, never a thank-you page's order reference.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  })
  await registerRateLimits(app, { redis: deps.redis })
  await registerApiDocs(app, { publicUrl: config.publicUrl, serveDocs: config.apiDocs })
  const storage = deps.storage ?? createFileStorage(config)
  const limits = deps.redis ? createRedisLimitStore(deps.redis) : createMemoryLimitStore(now)
  // Every area is one module built from its public entry (docs/decisions/0016); one module uses
  // another only through the services handed to it there.
  const { sellers, settings, offers, payments, leads, webhooks, conversions, orders, postPurchase, gettingStarted, reports, experiments } =
    await createApiModules({
      config,
      db,
      jobs,
      now,
      changes,
      limits,
      storage,
      provider: deps.payments,
      leadCaptureLimits: deps.leadCaptureLimits,
      log: { warn: (message) => app.log.warn(message), error: (message) => app.log.error(message) },
    })
  const auth = await createAuthModule({ config, db, jobs, tokens, now, limits, sellers: sellers.services.sellers, changes })
  await app.register(authPlugin, { tokens, logInLive: deps.logInLive ?? auth.services.logIns.isLive })
  await app.register(hostRoutingPlugin, {
    access: settings.services.domainAccess,
    publicUrl: config.publicUrl,
    pagesUrl: config.pagesUrl,
  })
  await registerMediaRoute(app, storage)

  const modules = [
    createHealthModule({ db }),
    auth,
    sellers,
    gettingStarted,
    leads,
    settings,
    payments,
    orders,
    postPurchase,
    offers,
    experiments,
    reports,
    webhooks,
    conversions,
  ]
  await app.register(
    async (api) => {
      for (const module of modules) await api.register(module.routes)
    },
    { prefix: '/api/v1' },
  )

  await registerWebApp(app, {
    webDist: deps.webDist ?? path.join(repoRoot, 'apps/web/dist'),
    publicUrl: config.publicUrl,
    pagesUrl: config.pagesUrl,
    productLinks: config.productLinks,
    // Issue 27: with a split test running, each visitor's own arm, kept by a cookie.
    loadPage: (id, cookie, secure) => experiments.services.pages.forVisitor(id, cookie, secure),
    loadPreview: (id, variantId) => (variantId ? experiments.services.pages.preview(id, variantId) : offers.services.publicFree.get(id)),
    receiptExists: (reference) => orders.services.receipts.exists(reference),
    ownsFreeOffer: offers.services.ownership.freeOffer,
    postPurchaseStep: async (reference) => {
      const state = await postPurchase.services.state(reference)
      return state.done ? null : state
    },
  })
  return app
}
export type App = Awaited<ReturnType<typeof buildApp>>
