import fastifyRateLimit from '@fastify/rate-limit'
import type { FastifyInstance } from 'fastify'
import type { Redis } from 'ioredis'
import { clientAddressKey } from '../http/client-address.js'
import { retrySentence } from '../lib/wait-sentence.js'

/**
 * `config: { rateLimit: {...} }` on a route limits it; nothing is limited unless it says so.
 * Counters are in memory, or in Redis when several processes must share them.
 */
export async function registerRateLimits(app: FastifyInstance, { redis }: { redis?: Redis | undefined }): Promise<void> {
  await app.register(fastifyRateLimit, {
    global: false,
    ...(redis ? { redis } : {}),
    keyGenerator: clientAddressKey,
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      message: `Too many attempts. ${retrySentence(context.ttl / 1000)}`,
    }),
  })
}
