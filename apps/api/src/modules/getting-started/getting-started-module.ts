import type { ApiModule } from '../../lib/api-module.js'
import { gettingStartedRoutes } from './getting-started-routes.js'
import { createGettingStartedService, type GettingStartedDeps, type GettingStartedService } from './getting-started-service.js'

/** The first-run checklist: the seller's progress, asked of the modules that own each part, in one call. */
export function createGettingStartedModule(deps: GettingStartedDeps): ApiModule<{ gettingStarted: GettingStartedService }> {
  const gettingStarted = createGettingStartedService(deps)
  return { services: { gettingStarted }, routes: async (api) => api.register(gettingStartedRoutes, { gettingStarted }) }
}
