import type { PaymentIntentResponse } from '@funnelry/shared'
import { currencyById } from '@funnelry/shared/currency-table'
import { useEffect } from 'react'
import { trackFunnelEvent } from './event-queue'
import { sentEvents } from './sent-events'

type CheckoutTracking = {
  live: boolean
  view: 'free' | 'oto'
  paymentVisible: boolean
  intent: PaymentIntentResponse | null
}

const begun = sentEvents('funnelry:checkout-sent:')

/**
 * Decision D29 inside the offer page: the upsell is a page of the funnel of its own (a PageView
 * when it shows), and the card form showing is `InitiateCheckout` / `begin_checkout`, once per
 * order, with that order's id (`checkout.<order id>`: the intent_id the API answers is the order's id). Events wait for the seller's scripts (seller-tracking.ts); previews send nothing.
 */
export function useCheckoutTracking({ live, view, paymentVisible, intent }: CheckoutTracking): void {
  useEffect(() => {
    if (live && view === 'oto') trackFunnelEvent({ name: 'page_view' })
  }, [live, view])
  const checkout = live && paymentVisible && intent ? intent : null
  const orderKey = checkout?.intent_id
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per order shown, not per change of its total.
  useEffect(() => {
    if (!checkout) return
    // Once per order in this browser: the card form shown again (a reload, Back and Forward) is the same checkout.
    const eventId = `checkout.${checkout.intent_id}`
    if (begun.has(eventId)) return
    begun.add(eventId)
    trackFunnelEvent({
      name: 'begin_checkout',
      eventId,
      value: Number(checkout.amount),
      currency: currencyById(checkout.currency).code.toUpperCase(),
    })
  }, [orderKey])
}

/** `Lead` / `generate_lead` with the stored lead's id, after a successful opt-in. */
export function trackLead(leadId: string | null): void {
  if (leadId) trackFunnelEvent({ name: 'lead', leadId })
}
