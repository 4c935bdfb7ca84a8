import type { Database } from '../../db/client.js'
import { maxAttempts } from '../../jobs/queue.js'
import { batchedCalls } from '../../lib/batched-calls.js'
import { type FinishedDelivery, conversionDeliveryRepository as repo, type StartedDelivery } from './conversion-delivery-repository.js'
import { type PlatformUrls, type SendOutcome, sendToPlatform } from './conversion-sender.js'
import { platformTargets } from './platform-targets.js'

/** A failure worth trying again later: a timeout, the network or a 5xx. */
class RetryableConversionError extends Error {}

const notConfigured = (platform: string): SendOutcome => ({
  sent: false,
  retryable: false,
  statusCode: null,
  eventsReceived: null,
  fbtraceId: null,
  reason: `Not sent: the ${platform === 'meta' ? 'Meta pixel ID or access token' : 'GA4 measurement ID or API secret'} was removed from the settings before it could be sent.`,
})

/**
 * The `send-conversion` job handler: one attempt per run, its outcome logged on the delivery.
 * Retries (pg-boss, with backoff) only on timeouts, network failures and 5xx; a 4xx fails for good.
 * A delivery already sent or failed is not sent again, so a job run twice sends once.
 */
export function createConversionDeliveryHandler({ db, urls, now }: { db: Database; urls: PlatformUrls; now: () => Date }) {
  // Jobs fetched together start and finish together: one statement each way for the lot.
  const begin = batchedCalls(async (ids: string[]) => {
    const started = await repo.beginAttempts(db, ids)
    return ids.map((id) => started.get(id))
  })
  const finish = batchedCalls(async (finished: FinishedDelivery[]) => {
    await repo.finish(db, finished)
    return finished.map(() => undefined)
  })

  const attempt = async ({ delivery, settings }: StartedDelivery): Promise<SendOutcome> => {
    const target = platformTargets(settings).find((candidate) => candidate.platform === delivery.platform)
    if (!target) return notConfigured(delivery.platform)
    return sendToPlatform(urls, target, delivery.body)
  }

  return async ({ deliveryId }: { deliveryId: string }) => {
    const started = await begin(deliveryId)
    if (!started) return
    const outcome = await attempt(started)
    const lastAttempt = started.delivery.attempts >= maxAttempts('send-conversion')
    const status = outcome.sent ? 'sent' : outcome.retryable && !lastAttempt ? 'pending' : 'failed'
    await finish({ id: deliveryId, outcome, status, at: now() })
    if (status === 'pending') throw new RetryableConversionError(outcome.reason ?? 'the platform did not accept the event')
  }
}
