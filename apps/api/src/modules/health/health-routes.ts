import { sql } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Database } from '../../db/client.js'
import { databaseUnavailableDetail } from '../../db/unavailable.js'

export const healthRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/health/',
    {
      // Load balancers and containers ask every site, and by address.
      config: { publicPage: { anyHost: true } },
      schema: {
        tags: ['health'],
        summary: 'Answers 200 only when the database answers',
        response: { 200: z.object({ status: z.literal('ok') }), 503: z.object({ status: z.literal('unavailable'), detail: z.string() }) },
      },
    },
    async (_request, reply) => {
      try {
        await db.execute(sql`select 1`)
        return { status: 'ok' as const }
      } catch {
        return reply.code(503).send({ status: 'unavailable' as const, detail: databaseUnavailableDetail })
      }
    },
  )
}
