import { isUuid, type PageQuery, reportMessages, type WebhookDelivery, type WebhookDeliveryList } from '@funnelry/shared'
import type { Database } from '../../db/client.js'
import type { JobQueue } from '../../jobs/queue.js'
import { AppError, NotFoundError } from '../../lib/errors.js'
import { pageWindow, toPage } from '../../lib/pagination.js'
import { type DeliveryLogRow, deliveryLogRepository as repo } from './delivery-log-repository.js'
import { webhookRepository } from './webhook-repository.js'

const toDelivery = (row: DeliveryLogRow): WebhookDelivery => ({
  id: row.id,
  event: row.event,
  url: row.url,
  status: row.status,
  attempts: row.attempts,
  created_at: row.createdAt.toISOString(),
  last_attempt: row.lastAttempt
    ? { status_code: row.lastAttempt.statusCode, error: row.lastAttempt.error, created_at: row.lastAttempt.createdAt.toISOString() }
    : null,
})

/** The CRM webhook delivery log of Settings, and its Retry. */
export function createDeliveryLogService({ db, jobs, now }: { db: Database; jobs: JobQueue; now: () => Date }) {
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
  }
}
export type DeliveryLogService = ReturnType<typeof createDeliveryLogService>
