import type { Database } from '../../db/client.js'
import type { ApiModule } from '../../lib/api-module.js'
import type { PaymentProvider } from '../payments/payments-module.js'
import { gettingStartedRoutes } from './getting-started-routes.js'
import { createGettingStartedService, type GettingStartedService } from './getting-started-service.js'

/** The first-run checklist: a read of the seller's own data across areas, answered in one call. */
export function createGettingStartedModule(deps: {
  db: Database
  provider: PaymentProvider['name']
}): ApiModule<{ gettingStarted: GettingStartedService }> {
  const gettingStarted = createGettingStartedService(deps)
  return { services: { gettingStarted }, routes: async (api) => api.register(gettingStartedRoutes, { gettingStarted }) }
}
