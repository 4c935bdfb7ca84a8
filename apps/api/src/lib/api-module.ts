import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'

/**
 * What every API module's one public entry, `create<Area>Module(deps)`, returns: the services other
 * modules may use (never its repositories or tables) and its routes, a plugin buildApp registers
 * under /api/v1 (docs/decisions/0016).
 */
export type ApiModule<Services> = { services: Services; routes: FastifyPluginAsyncZod }
