import type { Executor } from '../../db/client.js'
import type { JobQueue } from '../../jobs/queue.js'
import { buildWebhookPayload, type WebhookSubject } from './webhook-payload.js'
import { webhookRepository } from './webhook-repository.js'

/**
 * Records a delivery and queues its job in the caller's transaction, so the event and its
 * delivery are committed together. Does nothing when the seller has no webhook.
 */
export async function queueWebhook(tx: Executor, jobs: JobQueue, subject: WebhookSubject): Promise<void> {
  const target = await webhookRepository.findTarget(tx, subject.sellerId)
  if (!target) return
  const delivery = await webhookRepository.insertDelivery(tx, {
    sellerId: subject.sellerId,
    event: subject.event,
    url: target.url,
    payload: buildWebhookPayload({ ...subject, keys: target.keys }),
  })
  // Grouped by seller: one seller's slow endpoint holds a few delivery slots, never all of them.
  await jobs.send('deliver-webhook', { deliveryId: delivery.id }, { tx, group: subject.sellerId })
}

/** The same for many events (lead capture's batches): a fixed number of statements, whatever their number. */
export async function queueWebhooks(tx: Executor, jobs: JobQueue, subjects: WebhookSubject[]): Promise<void> {
  if (subjects.length === 0) return
  const targets = await webhookRepository.findTargets(tx, [...new Set(subjects.map((subject) => subject.sellerId))])
  const deliveries = subjects.flatMap((subject) => {
    const target = targets.get(subject.sellerId)
    if (!target) return []
    const payload = buildWebhookPayload({ ...subject, keys: target.keys })
    return [{ sellerId: subject.sellerId, event: subject.event, url: target.url, payload }]
  })
  const stored = await webhookRepository.insertDeliveries(tx, deliveries)
  await jobs.sendMany(
    'deliver-webhook',
    // Grouped by seller, as above: without it these would escape the per-seller cap.
    stored.map((delivery) => ({ data: { deliveryId: delivery.id }, group: delivery.sellerId })),
    { tx },
  )
}
