import type { ConversionDelivery, ConversionDeliveryList, PageQuery } from '@funnelry/shared'
import type { Database } from '../../db/client.js'
import { pageWindow, toPage } from '../../lib/pagination.js'
import { type ConversionDeliveryRow, conversionDeliveryRepository as repo } from './conversion-delivery-repository.js'

export const toConversionDelivery = (row: ConversionDeliveryRow): ConversionDelivery => ({
  id: row.id,
  platform: row.platform,
  event_name: row.eventName,
  event_id: row.eventId,
  status: row.status,
  attempts: row.attempts,
  created_at: row.createdAt.toISOString(),
  sent_at: row.sentAt?.toISOString() ?? null,
  status_code: row.statusCode,
  events_received: row.eventsReceived,
  fbtrace_id: row.fbtraceId,
  reason: row.status === 'sent' ? null : row.error,
})

/** The delivery log of Settings → Conversions API, newest first: only the seller's own. */
export function createConversionLogService({ db }: { db: Database }) {
  return {
    async list(sellerId: string, query: PageQuery, listUrl: string): Promise<ConversionDeliveryList> {
      const [total, rows] = await Promise.all([repo.count(db, sellerId), repo.page(db, sellerId, pageWindow(query))])
      return toPage(listUrl, query, total, rows.map(toConversionDelivery))
    },
  }
}
export type ConversionLogService = ReturnType<typeof createConversionLogService>
