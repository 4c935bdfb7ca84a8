import { fbq, gtag } from './platform-calls'

export type PurchaseItem = { item_id: string; item_name: string; item_category: string; price: number; quantity: 1 }

/** Decision D29: the standard events a public funnel page sends, with the server's event ids. */
export type FunnelEvent =
  | { name: 'page_view' }
  | { name: 'lead'; leadId: string }
  /** `eventId`: `checkout.<order id>` (the intent_id the page holds), the same for the order's card form after a reload or Back. */
  | { name: 'begin_checkout'; eventId: string; value: number; currency: string }
  /** `eventId`: `order.<order id>` for the order's payment, `order.<order id>.step-<n>` for a one-click charge after it. */
  | { name: 'purchase'; eventId: string; value: number; currency: string; items: PurchaseItem[] }

/** Which platforms the seller's pixels set up on this page. */
export type Platforms = { meta: boolean; google: boolean }

/**
 * Sends one event to each platform the page runs. Meta's event id and GA4's transaction_id are the
 * ids the server's Conversions API and Measurement Protocol events carry (D30), so each platform
 * counts one conversion when both copies arrive.
 */
export function sendFunnelEvent(event: FunnelEvent, platforms: Platforms): void {
  const meta = platforms.meta ? fbq : () => {}
  const google = platforms.google ? gtag : () => {}
  switch (event.name) {
    case 'page_view':
      meta('track', 'PageView')
      google('event', 'page_view', { page_location: window.location.href, page_title: document.title })
      return
    case 'lead': {
      const id = `lead.${event.leadId}`
      meta('track', 'Lead', {}, { eventID: id })
      google('event', 'generate_lead', { transaction_id: id })
      return
    }
    case 'begin_checkout':
      // One id per order: the card form shown again (a reload, Back and Forward) is not a second checkout to Meta.
      meta('track', 'InitiateCheckout', { value: event.value, currency: event.currency }, { eventID: event.eventId })
      google('event', 'begin_checkout', { value: event.value, currency: event.currency })
      return
    case 'purchase': {
      const id = event.eventId
      const contents = { content_ids: event.items.map((item) => item.item_id), content_type: 'product' }
      meta('track', 'Purchase', { value: event.value, currency: event.currency, ...contents }, { eventID: id })
      google('event', 'purchase', { transaction_id: id, value: event.value, currency: event.currency, items: event.items })
      return
    }
  }
}
