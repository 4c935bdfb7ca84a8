import type { Database } from '../../db/client.js'
import type { ApiModule } from '../../lib/api-module.js'
import { healthRoutes } from './health-routes.js'

/** The health check: answers 200 only while the database does. */
export function createHealthModule({ db }: { db: Database }): ApiModule<Record<string, never>> {
  return { services: {}, routes: async (api) => api.register(healthRoutes, { db }) }
}
