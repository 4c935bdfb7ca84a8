import type { CreatePaymentIntentInput, PaymentIntentResponse, VisitorDetails } from '@funnelry/shared'
import { type RefObject, useRef, useState } from 'react'
import { createPaymentIntent } from '../api/create-payment-intent'
import { updatePaymentIntent } from '../api/update-payment-intent'
import type { PaymentFormHandle } from '../components/payment/payment-form-types'
import type { FunnelOffer } from '../lib/funnel-offer'

/** What the visitor chose so far; `details` only once they submitted them (decision D20). */
export type CheckoutChoice = {
  bump: boolean
  upsell: 'unseen' | 'accepted' | 'skipped'
  details: VisitorDetails | null
}

/** What every intent call sends: the visitor (when known) and their choices, never an amount. */
type IntentSelection = Omit<CreatePaymentIntentInput, 'product_id'>

type Options = {
  offer: Pick<FunnelOffer, 'id' | 'bump_offer' | 'upsell_offer'>
  choice: RefObject<CheckoutChoice>
  paymentForm: RefObject<PaymentFormHandle | null>
}

/**
 * The order behind the page, kept in step with the visitor's choices. Intent calls run one after
 * another and each reads the latest choice when it starts, so a quick tick-untick ends with the
 * order matching the checkbox. Before the visitor submitted their details the calls carry none, and
 * the server keeps the order as a draft nobody sees (D20).
 */
export function useIntentQueue({ offer, choice, paymentForm }: Options) {
  const [intent, setIntent] = useState<PaymentIntentResponse | null>(null)
  const intentRef = useRef<PaymentIntentResponse | null>(null)
  const lastSent = useRef<string | null>(null)
  const queue = useRef<Promise<unknown>>(Promise.resolve())

  function selectionNow(): IntentSelection {
    const { bump, upsell, details } = choice.current
    return {
      ...(details ? { full_name: details.full_name, email: details.email } : {}),
      bump_offer_id: bump && offer.bump_offer ? offer.bump_offer.id : null,
      upsell_offer_id: upsell === 'accepted' && offer.upsell_offer ? offer.upsell_offer.id : null,
      upsell_shown: upsell !== 'unseen',
    }
  }

  function enqueue<T>(task: () => Promise<T>): Promise<T> {
    const result = queue.current.then(task)
    queue.current = result.catch(() => undefined)
    return result
  }

  /** Creates the order, or updates the existing one; `fresh` always creates (a zero total, decision D11). */
  async function sendNow(fresh = false): Promise<PaymentIntentResponse> {
    const selection = selectionNow()
    const current = intentRef.current
    const next =
      current && !fresh
        ? await updatePaymentIntent({ intent_id: current.intent_id, ...selection })
        : await createPaymentIntent({ product_id: offer.id, ...selection })
    intentRef.current = next
    lastSent.current = JSON.stringify(selection)
    setIntent(next)
    // The same intent with a new amount: Stripe's form re-reads it (a new client secret remounts it).
    if (current && !fresh && current.client_secret === next.client_secret) await paymentForm.current?.refresh()
    return next
  }

  /**
   * A reload (issue 22): the order this tab already made, brought up to date with the restored
   * choices, so the visit stays one order. null when it can no longer be used (paid, expired,
   * unknown): the next call makes a new one.
   */
  async function resumeNow(intentId: string): Promise<PaymentIntentResponse | null> {
    try {
      const next = await updatePaymentIntent({ intent_id: intentId, ...selectionNow() })
      intentRef.current = next
      lastSent.current = JSON.stringify(selectionNow())
      setIntent(next)
      return next
    } catch {
      return null
    }
  }

  return {
    intent,
    resume: (intentId: string) => enqueue(() => resumeNow(intentId)),
    /** The latest answer, even before React re-renders with it. */
    current: () => intentRef.current,
    /** Whether the order already has the visitor's latest details and choices. */
    isCurrent: () => intentRef.current !== null && lastSent.current === JSON.stringify(selectionNow()),
    enqueue,
    /** Only inside `enqueue`: one call, in turn with the others. */
    sendNow,
    /** One call, queued after the others. */
    send: (options: { fresh?: boolean } = {}) => enqueue(() => sendNow(options.fresh)),
  }
}
