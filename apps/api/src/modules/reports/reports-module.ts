import type { Database } from '../../db/client.js'
import type { Owns } from '../../http/public-page.js'
import type { ApiModule } from '../../lib/api-module.js'
import type { OrderLinesOf } from '../orders/orders-module.js'
import type { AfterPurchaseStats } from '../post-purchase/post-purchase-module.js'
import { offerStatsRoutes, type SplitVisitorCounter } from './offer-stats-routes.js'
import { createOfferStatsService } from './offer-stats-service.js'
import { createReportListService } from './report-list-service.js'
import { reportRoutes } from './report-routes.js'

type Deps = {
  db: Database
  now: () => Date
  publicUrl: string
  orderLines: OrderLinesOf
  /** Split tests: a page view also counts the visitor of a variant, once (issue 27). */
  splitVisitors?: SplitVisitorCounter
  /** Issue 26: each after-purchase step's numbers (the post-purchase module's); none when absent. */
  afterPurchaseSteps?: AfterPurchaseStats
  /** Whose a free offer is (the offers module's), for the page view's check on a seller's custom domain. */
  ownsFreeOffer: Owns
}

function createReportServices({ db, now, orderLines, afterPurchaseSteps }: Deps) {
  return {
    lists: createReportListService({ db, now, orderLines }),
    stats: createOfferStatsService({ db, now, afterPurchaseSteps }),
  }
}
export type ReportServices = ReturnType<typeof createReportServices>

/** What a seller's funnel produced (issue 6): leads, orders, the CSV, page views and stats. */
export function createReportsModule(deps: Deps): ApiModule<ReportServices> {
  const reports = createReportServices(deps)
  const { publicUrl, splitVisitors, ownsFreeOffer } = deps
  return {
    services: reports,
    routes: async (api) => {
      await api.register(reportRoutes, { reports: reports.lists, publicUrl })
      await api.register(offerStatsRoutes, { stats: reports.stats, splitVisitors, ownsFreeOffer })
    },
  }
}
