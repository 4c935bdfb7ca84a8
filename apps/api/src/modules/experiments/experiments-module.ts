import type { ApiModule } from '../../lib/api-module.js'
import { splitTestRoutes } from './split-test-routes.js'
import { createSplitTests, type SplitTests, type SplitTestsDeps } from './split-tests.js'

export type { SplitFunnel, VisitorRevenueRow } from './split-funnel.js'
export type { SplitTests } from './split-tests.js'
export { splitVariantView } from './split-variant-view.js'

/**
 * Experiments: split tests of a free offer's page (issue 27, decision D36), judged on revenue per
 * visitor with GrowthBook's Bayesian engine (statistics/), docs/decisions/split-tests.md.
 */
export function createExperimentsModule(deps: SplitTestsDeps & { maxUploadBytes: number }): ApiModule<SplitTests> {
  const splitTests = createSplitTests(deps)
  return { services: splitTests, routes: async (api) => api.register(splitTestRoutes, { splitTests, maxUploadBytes: deps.maxUploadBytes }) }
}
