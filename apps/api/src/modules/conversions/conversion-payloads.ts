import { createHash } from 'node:crypto'
import { newClientId, type VisitorContext } from './visitor-context.js'

/**
 * The documented payloads (decision D30): Meta's Conversions API event and GA4's Measurement
 * Protocol event, built from one funnel event. Secrets are not in them: they go in the URL at
 * send time (conversion-sender.ts).
 */

/** The Graph API version the events are posted to. */
export const metaGraphVersion = 'v23.0'

export type ConversionItem = { id: string; name: string; price: number }

/** One funnel event: a lead (D29 `Lead` / `generate_lead`) or a paid order (`Purchase` / `purchase`). */
export type FunnelEvent = {
  sellerId: string
  kind: 'lead' | 'purchase'
  /** D29's event id: `lead.<lead id>` or `order.<order id>`. */
  eventId: string
  email: string
  fullName: string
  at: Date
  visitor: VisitorContext | null
  /** Purchases: the amount (in the currency's units), its ISO code and what was bought. */
  purchase?: { orderId: string; value: number; currency: string; items: ConversionItem[] }
}

export const metaEventNames = { lead: 'Lead', purchase: 'Purchase' } as const
export const ga4EventNames = { lead: 'generate_lead', purchase: 'purchase' } as const

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex')

/** Meta's normalisation: email trimmed and lower-cased; names lower-cased (first word, last word). */
export function hashedUserData(email: string, fullName: string) {
  const words = fullName.trim().toLowerCase().split(/\s+/).filter(Boolean)
  const first = words[0]
  const last = words.length > 1 ? words[words.length - 1] : undefined
  return {
    em: sha256(email.trim().toLowerCase()),
    ...(first ? { fn: sha256(first) } : {}),
    ...(last ? { ln: sha256(last) } : {}),
  }
}

const present = <T extends Record<string, unknown>>(values: T) =>
  Object.fromEntries(Object.entries(values).filter(([, value]) => value !== null && value !== undefined))

export function metaEventBody(event: FunnelEvent, testEventCode: string | null): Record<string, unknown> {
  const { visitor, purchase } = event
  const data = present({
    event_name: metaEventNames[event.kind],
    event_time: Math.floor(event.at.getTime() / 1000),
    event_id: event.eventId,
    action_source: 'website',
    event_source_url: visitor?.sourceUrl,
    user_data: present({
      ...hashedUserData(event.email, event.fullName),
      client_ip_address: visitor?.ip,
      client_user_agent: visitor?.userAgent,
      fbp: visitor?.fbp,
      fbc: visitor?.fbc,
    }),
    custom_data: purchase ? { value: purchase.value, currency: purchase.currency, order_id: purchase.orderId } : undefined,
  })
  return { data: [data], ...(testEventCode ? { test_event_code: testEventCode } : {}) }
}

export function ga4EventBody(event: FunnelEvent): Record<string, unknown> {
  const { purchase } = event
  const params = purchase
    ? {
        transaction_id: event.eventId,
        value: purchase.value,
        currency: purchase.currency,
        items: purchase.items.map((item) => ({ item_id: item.id, item_name: item.name, price: item.price, quantity: 1 })),
      }
    : // The id the browser's tag sends with the same event (D29), so GA4 can tell the two copies apart.
      { event_id: event.eventId, transaction_id: event.eventId }
  return {
    client_id: event.visitor?.gaClientId ?? newClientId(),
    timestamp_micros: event.at.getTime() * 1000,
    events: [{ name: ga4EventNames[event.kind], params }],
  }
}
