import type { Database, Executor } from '../../db/client.js'
import type { JobQueue } from '../../jobs/queue.js'
import type { ApiModule } from '../../lib/api-module.js'
import { deliveryLogRoutes } from './delivery-log-routes.js'
import { createDeliveryLogService, type DeliveryLogService } from './delivery-log-service.js'
import type { WebhookSubject } from './webhook-payload.js'
import { queueWebhook } from './webhook-service.js'

/**
 * The seller's CRM webhook: emitting (queueWebhook(s), called in the caller's transaction so the
 * event and its delivery commit together), delivery (the worker's job handler) and the delivery
 * log (its routes). Its settings, the URL and the signing secret, are the Settings area's store settings.
 */
export { createWebhookDeliveryHandler } from './webhook-delivery-handler.js'
export type { WebhookSubject } from './webhook-payload.js'
export { queueWebhooks } from './webhook-service.js'

type Deps = { db: Database; jobs: JobQueue; now: () => Date; publicUrl: string; allowPrivate: boolean }

/** Emitting one event inside another module's transaction (an order's delivery). */
export type WebhookEmitter = { queue: (tx: Executor, subject: WebhookSubject) => Promise<void> }

export function createWebhooksModule({
  db,
  jobs,
  now,
  publicUrl,
  allowPrivate,
}: Deps): ApiModule<{ deliveries: DeliveryLogService; emitter: WebhookEmitter }> {
  const deliveries = createDeliveryLogService({ db, jobs, now, allowPrivate })
  const emitter: WebhookEmitter = { queue: (tx, subject) => queueWebhook(tx, jobs, subject) }
  return { services: { deliveries, emitter }, routes: async (api) => api.register(deliveryLogRoutes, { deliveries, publicUrl }) }
}
