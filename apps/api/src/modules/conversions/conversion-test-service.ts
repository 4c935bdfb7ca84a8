import { randomUUID } from 'node:crypto'
import { type ConversionTestResponse, type ConversionTestResult, conversionMessages, conversionPlatformLabels } from '@funnelry/shared'
import type { Database } from '../../db/client.js'
import { AppError } from '../../lib/errors.js'
import { conversionDeliveryRepository as repo } from './conversion-delivery-repository.js'
import { ga4EventBody, metaEventBody } from './conversion-payloads.js'
import { type PlatformTarget, type PlatformUrls, type SendOutcome, sendToPlatform } from './conversion-sender.js'
import { conversionSettingsRepository } from './conversion-settings-repository.js'
import { platformTargets } from './platform-targets.js'
import type { VisitorContext } from './visitor-context.js'

const testEventName = { meta: 'Lead', google: 'generate_lead' } as const

/** The sentence "Send test event" shows for one platform's answer. */
function resultMessage(target: PlatformTarget, outcome: SendOutcome, testEventCode: string | null): string {
  const label = conversionPlatformLabels[target.platform]
  if (!outcome.sent) return outcome.reason ?? `${label} did not accept the test event.`
  if (target.platform === 'google') return 'Google validated the test event: no problems found.'
  const where = testEventCode
    ? `It shows under Test events in Events Manager (code ${testEventCode}).`
    : 'Add a test event code to see it under Test events in Events Manager.'
  return `Meta received the test event (events received: ${outcome.eventsReceived ?? 0}). ${where}`
}

/**
 * "Send test event" (D30): one made-up lead to each configured platform, sent now and logged.
 * GA4 goes through its validation endpoint (/debug/mp/collect), which says what is wrong where
 * the collection endpoint accepts anything; Meta gets the seller's test event code when set.
 */
export function createConversionTestService({ db, urls, now }: { db: Database; urls: PlatformUrls; now: () => Date }) {
  return {
    async send(sellerId: string, visitor: VisitorContext): Promise<ConversionTestResponse> {
      const settings = await conversionSettingsRepository.find(db, sellerId)
      const targets = platformTargets(settings)
      if (targets.length === 0) throw new AppError(400, conversionMessages.nothingConfigured)
      const testEventCode = settings?.metaTestEventCode ?? null
      const event = {
        sellerId,
        kind: 'lead' as const,
        eventId: `test.${randomUUID()}`,
        email: 'jane.doe@example.com',
        fullName: 'Jane Doe',
        at: now(),
        visitor,
      }
      const results = await Promise.all(
        targets.map(async (target): Promise<ConversionTestResult> => {
          const body = target.platform === 'meta' ? metaEventBody(event, testEventCode) : ga4EventBody(event)
          const delivery = await repo.insertOne(db, {
            sellerId,
            platform: target.platform,
            eventName: testEventName[target.platform],
            eventId: event.eventId,
            body,
          })
          await repo.beginAttempts(db, [delivery.id])
          const outcome = await sendToPlatform(urls, target, body, 'validate')
          await repo.finish(db, [{ id: delivery.id, outcome, status: outcome.sent ? 'sent' : 'failed', at: now() }])
          return {
            platform: target.platform,
            ok: outcome.sent,
            message: resultMessage(target, outcome, testEventCode),
            status_code: outcome.statusCode,
          }
        }),
      )
      return { results }
    },
  }
}
export type ConversionTestService = ReturnType<typeof createConversionTestService>
