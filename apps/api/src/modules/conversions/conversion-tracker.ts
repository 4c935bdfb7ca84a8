import type { Database, Executor } from '../../db/client.js'
import type { JobQueue } from '../../jobs/queue.js'
import { batchedCalls } from '../../lib/batched-calls.js'
import { conversionDeliveryRepository } from './conversion-delivery-repository.js'
import { type FunnelEvent, ga4EventBody, ga4EventNames, metaEventBody, metaEventNames } from './conversion-payloads.js'
import { type ConversionSettingsRow, conversionSettingsRepository } from './conversion-settings-repository.js'
import { platformTargets } from './platform-targets.js'

/**
 * The deliveries one event owes under its seller's settings: one per configured platform, none
 * when the seller asks for consent and the visitor has not given it (D31: no server event carries
 * the data of a visitor who did not accept).
 */
export function deliveriesOf(event: FunnelEvent, settings: ConversionSettingsRow | undefined) {
  if (settings?.consentRequired && !event.visitor?.consent) return []
  return platformTargets(settings).map((target) =>
    target.platform === 'meta'
      ? {
          sellerId: event.sellerId,
          platform: 'meta' as const,
          eventName: metaEventNames[event.kind],
          eventId: event.eventId,
          body: metaEventBody(event, settings?.metaTestEventCode ?? null),
        }
      : {
          sellerId: event.sellerId,
          platform: 'google' as const,
          eventName: ga4EventNames[event.kind],
          eventId: event.eventId,
          body: ga4EventBody(event),
        },
  )
}

/**
 * Records the events' deliveries and queues their jobs inside `tx`: a fixed number of statements
 * however many events. A delivery that exists already (the same event triggered again) is skipped
 * with its job, so each platform gets each event id once.
 */
export async function queueConversions(tx: Executor, jobs: JobQueue, events: FunnelEvent[]): Promise<number> {
  if (events.length === 0) return 0
  return storeAndQueue(tx, jobs, await deliveriesFor(tx, events))
}

async function deliveriesFor(executor: Executor, events: FunnelEvent[]) {
  const settings = await conversionSettingsRepository.findMany(executor, [...new Set(events.map((event) => event.sellerId))])
  return events.flatMap((event) => deliveriesOf(event, settings.get(event.sellerId)))
}

async function storeAndQueue(tx: Executor, jobs: JobQueue, wanted: ReturnType<typeof deliveriesOf>): Promise<number> {
  const stored = await conversionDeliveryRepository.insertNew(tx, wanted)
  // Grouped by seller: one seller's burst holds a few sending slots, never all of them.
  await jobs.sendMany(
    'send-conversion',
    stored.map((delivery) => ({ data: { deliveryId: delivery.id }, group: delivery.sellerId })),
    { tx },
  )
  return stored.length
}

/**
 * Events that arrive outside a transaction (lead capture, after its lead is committed): those
 * arriving together are recorded together in one transaction, as lead capture's own batches are.
 */
export function createConversionTracker({ db, jobs }: { db: Database; jobs: JobQueue }) {
  const record = batchedCalls(async (events: FunnelEvent[]) => {
    // Most sellers have no conversions API: their leads cost one read here, and no transaction.
    const wanted = await deliveriesFor(db, events)
    const queued = wanted.length > 0 ? await db.transaction((tx) => storeAndQueue(tx, jobs, wanted)) : 0
    if (queued > 0) jobs.poke('send-conversion')
    return events.map(() => undefined)
  })
  return { record }
}
