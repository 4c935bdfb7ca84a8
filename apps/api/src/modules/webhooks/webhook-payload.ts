import type { WebhookEvent } from '@funnelry/shared'

export type WebhookKeys = { email: string; full_name: string }
export const defaultWebhookKeys: WebhookKeys = { email: 'email', full_name: 'full_name' }

/**
 * Decision D9: the seller's CRM receives the visitor under the key names the seller chose, plus
 * the event and the offer. Our own fields are written last so a key name cannot overwrite them.
 */
/** What happened, to whom, on which offer: everything a delivery is built from. */
export type WebhookSubject = {
  sellerId: string
  event: WebhookEvent
  email: string
  fullName: string
  offerId: string
  offerHeadline: string
  createdAt: Date
  extra?: Record<string, unknown>
}

export function buildWebhookPayload(input: Omit<WebhookSubject, 'sellerId'> & { keys: WebhookKeys }): Record<string, unknown> {
  return {
    [input.keys.email]: input.email,
    [input.keys.full_name]: input.fullName,
    ...input.extra,
    event: input.event,
    offer_id: input.offerId,
    offer_headline: input.offerHeadline,
    created_at: input.createdAt.toISOString(),
  }
}
