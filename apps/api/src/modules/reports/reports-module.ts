import type { Database } from '../../db/client.js'
import type { ApiModule } from '../../lib/api-module.js'
import { offerStatsRoutes } from './offer-stats-routes.js'
import { createOfferStatsService } from './offer-stats-service.js'
import { createReportListService } from './report-list-service.js'
import { reportRoutes } from './report-routes.js'

function createReportServices({ db, now }: { db: Database; now: () => Date }) {
  return {
    lists: createReportListService({ db, now }),
    stats: createOfferStatsService({ db, now }),
  }
}
export type ReportServices = ReturnType<typeof createReportServices>

/** What a seller's funnel produced (issue 6): leads, orders, the CSV, page views and stats. */
export function createReportsModule(deps: { db: Database; now: () => Date; publicUrl: string }): ApiModule<ReportServices> {
  const reports = createReportServices(deps)
  const { publicUrl } = deps
  return {
    services: reports,
    routes: async (api) => {
      await api.register(reportRoutes, { reports: reports.lists, publicUrl })
      await api.register(offerStatsRoutes, { stats: reports.stats })
    },
  }
}
