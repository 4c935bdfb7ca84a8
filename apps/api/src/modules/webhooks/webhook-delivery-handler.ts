import type { Database } from '../../db/client.js'
import { maxAttempts } from '../../jobs/queue.js'
import { batchedCalls } from '../../lib/batched-calls.js'
import { sendAttempt } from './webhook-attempt.js'
import { type FinishedAttempt, webhookRepository } from './webhook-repository.js'

/** A failure worth trying again later (see sendAttempt). */
class RetryableDeliveryError extends Error {}

/**
 * The job handler of `deliver-webhook`: one attempt per run, logged; throwing hands the retry
 * (with exponential backoff, for more than a day) to pg-boss. A 2xx delivers, another 4xx fails
 * for good, and an address that is not public is refused without retrying.
 */
export function createWebhookDeliveryHandler({ db, allowPrivate, now }: { db: Database; allowPrivate: boolean; now: () => Date }) {
  // Jobs fetched together start together: their attempts are logged by one statement. Outcomes
  // that arrive while one is being written are written by the next, together.
  const beginAttempt = batchedCalls(async (deliveryIds: string[]) => {
    const started = await webhookRepository.beginAttempts(db, deliveryIds)
    return deliveryIds.map((id) => started.get(id))
  })
  const finishAttempt = batchedCalls(async (finished: FinishedAttempt[]) => {
    await webhookRepository.finishAttempts(db, finished)
    return finished.map(() => undefined)
  })

  return async ({ deliveryId }: { deliveryId: string }) => {
    // Logged before it is sent: the receiver dedupes on X-Funnelry-Delivery, since a crash between
    // its answer and our record sends the same delivery again (at least once).
    const started = await beginAttempt(deliveryId)
    if (!started) return
    const { delivery, attemptId } = started
    const secret = started.secret ?? (await webhookRepository.signingSecret(db, delivery.sellerId))

    const { outcome, delivered, retryable } = await sendAttempt(started, secret, allowPrivate)
    const lastAttempt = delivery.attempts + 1 >= maxAttempts('deliver-webhook')
    const status = delivered ? 'delivered' : retryable && !lastAttempt ? 'pending' : 'failed'
    await finishAttempt({ attemptId, outcome, delivery: { id: delivery.id, status, at: now() } })
    if (status === 'pending') throw new RetryableDeliveryError(outcome.error ?? `the receiver answered ${outcome.statusCode}`)
  }
}
