import path from 'node:path'
import fastifyHelmet from '@fastify/helmet'
import fastifyRateLimit from '@fastify/rate-limit'
import fastifySwagger from '@fastify/swagger'
import fastifySwaggerUi from '@fastify/swagger-ui'
import Fastify, { type FastifyBaseLogger } from 'fastify'
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod'
import type { Redis } from 'ioredis'
import { type Config, repoRoot } from './config.js'
import type { Database } from './db/client.js'
import type { JobQueue } from './jobs/queue.js'
import type { TokenSigner } from './lib/tokens.js'
import { createMailService } from './mail/mail-service.js'
import { authRoutes } from './modules/auth/auth-routes.js'
import { createAuthService } from './modules/auth/auth-service.js'
import { healthRoutes } from './modules/health/health-routes.js'
import { sellerRoutes } from './modules/sellers/seller-routes.js'
import { createSellerService } from './modules/sellers/seller-service.js'
import { authPlugin } from './plugins/auth.js'
import { registerErrorHandler } from './plugins/error-handler.js'
import { registerWebApp } from './plugins/web-app.js'

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
}

export async function buildApp(deps: AppDeps) {
  const { config, db, jobs, tokens } = deps
  const now = deps.now ?? (() => new Date())
  const app = Fastify({
    ...(deps.logger ? { loggerInstance: deps.logger } : { logger: false }),
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>()
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  registerErrorHandler(app)

  await app.register(fastifyHelmet, {
    // The SPA's HTML sets its own policy (plugins/web-app.ts); API answers are JSON.
    contentSecurityPolicy: false,
    crossOriginEmbedderPolicy: false,
  })
  await app.register(fastifyRateLimit, {
    global: false,
    ...(deps.redis ? { redis: deps.redis } : {}),
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      message: `Too many attempts. Please wait ${Math.ceil(context.ttl / 1000)} seconds and try again.`,
    }),
  })
  await app.register(fastifySwagger, {
    openapi: { info: { title: 'Funnelry API', version: '1.0.0' }, servers: [{ url: config.publicUrl }] },
    transform: jsonSchemaTransform,
  })
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' })
  await app.register(authPlugin, { tokens })

  const mail = createMailService({ db, jobs })
  const services = {
    auth: createAuthService({ db, tokens, now }),
    sellers: createSellerService({ db, now }),
  }

  await app.register(
    async (api) => {
      await api.register(healthRoutes, { db })
      await api.register(authRoutes, { auth: services.auth, sellers: services.sellers })
      await api.register(sellerRoutes, { sellers: services.sellers })
    },
    { prefix: '/api/v1' },
  )
  void mail

  await registerWebApp(app, deps.webDist ?? path.join(repoRoot, 'apps/web/dist'))
  return app
}
export type App = Awaited<ReturnType<typeof buildApp>>
