import type { WebhookDeliverySubject } from '@funnelry/shared'

/**
 * Payload fields that are ours, whatever the seller's key names: D9's fields and what an
 * order adds (order-delivery.ts). Every other string field holds the visitor's email or name.
 */
const ourFields = new Set([
  'event',
  'offer_id',
  'offer_headline',
  'created_at',
  'order_id',
  'amount',
  'currency',
  'bump_offer_id',
  'upsell_offer_id',
])

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null)

/**
 * Who and what a recorded payload was for, read from the payload itself rather than from joins:
 * it is what the CRM received. The visitor sits under the key names the seller chose at the time,
 * which may have changed since, so the email is the visitor field that holds an `@` and the name
 * the other one.
 */
export function readDeliverySubject(payload: unknown): WebhookDeliverySubject {
  const fields = payload !== null && typeof payload === 'object' && !Array.isArray(payload) ? (payload as Record<string, unknown>) : {}
  const visitor = Object.entries(fields)
    .filter(([key]) => !ourFields.has(key))
    .map(([, value]) => text(value))
    .filter((value) => value !== null)
  const email = visitor.find((value) => value.includes('@')) ?? null
  return {
    email,
    full_name: visitor.find((value) => value !== email) ?? null,
    offer_headline: text(fields.offer_headline),
    amount: text(fields.amount),
    currency: text(fields.currency),
  }
}
