import { isUuid, type PageQuery, reportMessages, type WebhookDelivery, type WebhookDeliveryList } from '@funnelry/shared'
import type { Database } from '../../db/client.js'
import type { JobQueue } from '../../jobs/queue.js'
import { AppError, NotFoundError } from '../../lib/errors.js'
import { pageWindow, toPage } from '../../lib/pagination.js'
import { type DeliveryLogRow, deliveryLogRepository as repo } from './delivery-log-repository.js'
import { readDeliverySubject } from './delivery-subject.js'
import { failureReason } from './failure-reason.js'
import { sendAttempt } from './webhook-attempt.js'
import { buildWebhookPayload } from './webhook-payload.js'
import { webhookRepository } from './webhook-repository.js'
import type { WebhookSettingsService } from './webhook-settings-service.js'

const toDelivery = (row: DeliveryLogRow): WebhookDelivery => ({
  id: row.id,
  event: row.event,
  url: row.url,
  subject: readDeliverySubject(row.payload),
  status: row.status,
  attempts: row.attempts,
  created_at: row.createdAt.toISOString(),
  last_attempt: row.lastAttempt
    ? {
        status_code: row.lastAttempt.statusCode,
        error: row.lastAttempt.error,
        reason: failureReason(row.lastAttempt),
        created_at: row.lastAttempt.createdAt.toISOString(),
      }
    : null,
})

/** A made-up lead under the seller's key names: what a real `lead.created` would carry. */
const testSubject = (now: Date) => ({
  event: 'webhook.test' as const,
  email: 'jane.doe@example.com',
  fullName: 'Jane Doe',
  offerId: '00000000-0000-0000-0000-000000000000',
  offerHeadline: 'Test event from Funnelry',
  createdAt: now,
})

type Deps = {
  db: Database
  jobs: JobQueue
  now: () => Date
  allowPrivate: boolean
  /** The seller's complete webhook (URL, key names, secret), from the webhook settings service. */
  webhookTarget: WebhookSettingsService['webhookTarget']
}

/** The CRM webhook delivery log of Settings, its Retry and its 'Send test'. */
export function createDeliveryLogService({ db, jobs, now, allowPrivate, webhookTarget }: Deps) {
  async function findOwned(sellerId: string, id: string): Promise<DeliveryLogRow> {
    const row = isUuid(id) ? await repo.findOwned(db, sellerId, id) : undefined
    if (!row) throw new NotFoundError()
    return row
  }

  return {
    async list(sellerId: string, query: PageQuery, listUrl: string): Promise<WebhookDeliveryList> {
      const [total, rows] = await Promise.all([repo.count(db, sellerId), repo.page(db, sellerId, pageWindow(query))])
      return toPage(listUrl, query, total, rows.map(toDelivery))
    },

    /**
     * A failed delivery goes back to pending and is queued again, in one transaction. It goes to
     * the seller's current webhook address (fixing the address and retrying is the usual story),
     * or to the recorded one when no webhook is set any more; the payload stays as recorded.
     */
    async retry(sellerId: string, id: string): Promise<WebhookDelivery> {
      const delivery = await findOwned(sellerId, id)
      if (delivery.status === 'delivered') throw new AppError(400, reportMessages.alreadyDelivered)
      const target = await webhookRepository.findTarget(db, sellerId)
      await db.transaction(async (tx) => {
        if (!(await repo.reopenFailed(tx, sellerId, id, target?.url ?? delivery.url, now()))) {
          // Pending (or turned pending by a concurrent retry): its job is already queued.
          throw new AppError(400, reportMessages.stillPending)
        }
        await jobs.send('deliver-webhook', { deliveryId: id }, { tx, group: sellerId })
      })
      return toDelivery(await findOwned(sellerId, id))
    },

    /**
     * 'Send test': one signed `webhook.test` to the seller's webhook, sent now and logged like any
     * delivery, with one attempt and no retries (the seller is waiting for the answer).
     */
    async sendTest(sellerId: string): Promise<WebhookDelivery> {
      const target = await webhookTarget(sellerId)
      if (!target) throw new AppError(400, reportMessages.noWebhook)
      const keys = { email: target.emailKey, full_name: target.fullNameKey }
      const payload = buildWebhookPayload({ ...testSubject(now()), keys })
      const delivery = await webhookRepository.insertDelivery(db, { sellerId, event: 'webhook.test', url: target.url, payload })
      const started = (await webhookRepository.beginAttempts(db, [delivery.id])).get(delivery.id)
      if (!started) throw new Error('the test delivery was not started')
      const { outcome, delivered } = await sendAttempt(started, target.secret, allowPrivate)
      const status = delivered ? 'delivered' : 'failed'
      await webhookRepository.finishAttempts(db, [
        { attemptId: started.attemptId, outcome, delivery: { id: delivery.id, status, at: now() } },
      ])
      return toDelivery(await findOwned(sellerId, delivery.id))
    },
  }
}
export type DeliveryLogService = ReturnType<typeof createDeliveryLogService>
