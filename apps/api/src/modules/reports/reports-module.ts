import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { Database } from '../../db/client.js'
import type { JobQueue } from '../../jobs/queue.js'
import { deliveryLogRoutes } from './delivery-log-routes.js'
import { createDeliveryLogService } from './delivery-log-service.js'
import { offerStatsRoutes } from './offer-stats-routes.js'
import { createOfferStatsService } from './offer-stats-service.js'
import { createReportListService } from './report-list-service.js'
import { reportRoutes } from './report-routes.js'

export function createReportServices(deps: { db: Database; jobs: JobQueue; now: () => Date }) {
  const { db, jobs, now } = deps
  return {
    lists: createReportListService({ db, now }),
    stats: createOfferStatsService({ db, now }),
    deliveries: createDeliveryLogService({ db, jobs, now }),
  }
}
export type ReportServices = ReturnType<typeof createReportServices>

/** What a seller's funnel produced (issue 6): leads, orders, the CSV, page views and stats, the delivery log. */
export const reportsModule: FastifyPluginAsyncZod<{ reports: ReportServices; publicUrl: string }> = async (app, { reports, publicUrl }) => {
  await app.register(reportRoutes, { reports: reports.lists, publicUrl })
  await app.register(offerStatsRoutes, { stats: reports.stats })
  await app.register(deliveryLogRoutes, { deliveries: reports.deliveries, publicUrl })
}
