import type { Database, Executor } from '../../db/client.js'
import type { JobQueue } from '../../jobs/queue.js'
import type { ApiModule } from '../../lib/api-module.js'
import { deliveryLogRoutes } from './delivery-log-routes.js'
import { createDeliveryLogService, type DeliveryLogService } from './delivery-log-service.js'
import { createWebhookDeliveryHandler } from './webhook-delivery-handler.js'
import type { WebhookSubject } from './webhook-payload.js'
import { queueWebhook, queueWebhooks } from './webhook-service.js'
import { createWebhookSettingsService, type WebhookSettingsService } from './webhook-settings-service.js'

/**
 * The seller's CRM webhook, whole (docs/decisions/0022): its settings (URL, key names, signing
 * secret; the Settings area's store settings call carries them), emitting (inside the caller's
 * transaction, so the event and its delivery commit together), delivery (the worker's job
 * handler) and the delivery log (its routes).
 */
export type { WebhookSubject } from './webhook-payload.js'
export type { WebhookSettings, WebhookSettingsPatch, WebhookSettingsService } from './webhook-settings-service.js'

type Deps = { db: Database; jobs: JobQueue; now: () => Date; publicUrl: string; allowPrivate: boolean }

/** Emitting events inside another module's transaction (an order's delivery, lead capture's batches). */
export type WebhookEmitter = {
  queue: (tx: Executor, subject: WebhookSubject) => Promise<void>
  /** The same for many events: a fixed number of statements, whatever their number. */
  queueMany: (tx: Executor, subjects: WebhookSubject[]) => Promise<void>
}

export type WebhookServices = {
  settings: WebhookSettingsService
  emitter: WebhookEmitter
  deliveries: DeliveryLogService
  /** The `deliver-webhook` job handler, for the worker. */
  deliveryHandler: ReturnType<typeof createWebhookDeliveryHandler>
}

export function createWebhooksModule({ db, jobs, now, publicUrl, allowPrivate }: Deps): ApiModule<WebhookServices> {
  const settings = createWebhookSettingsService({ db, now, allowPrivate })
  const deliveries = createDeliveryLogService({ db, jobs, now, allowPrivate, webhookTarget: settings.webhookTarget })
  const emitter: WebhookEmitter = {
    queue: (tx, subject) => queueWebhook(tx, jobs, subject),
    queueMany: (tx, subjects) => queueWebhooks(tx, jobs, subjects),
  }
  const deliveryHandler = createWebhookDeliveryHandler({ db, allowPrivate, now })
  return {
    services: { settings, emitter, deliveries, deliveryHandler },
    routes: async (api) => api.register(deliveryLogRoutes, { deliveries, publicUrl }),
  }
}
