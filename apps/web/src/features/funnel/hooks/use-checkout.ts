import type { PaymentIntentResponse, VisitorDetails } from '@funnelry/shared'
import { messages } from '@funnelry/shared/messages'
import { type FormEvent, useCallback, useRef, useState } from 'react'
import { publicPaths } from '../../../config/public-paths'
import { captureLead } from '../api/capture-lead'
import { isPayable, type PaymentFormHandle } from '../components/payment/payment-form-types'
import { type CheckoutMemory, checkoutMemory, type FunnelStep } from '../lib/checkout-memory'
import { useFunnelNavigate } from '../lib/funnel-navigation'
import type { FunnelOffer } from '../lib/funnel-offer'
import { funnelToast as toast } from '../lib/funnel-toast'
import { intentErrorMessage, isNotFound, isOfferUnavailable } from '../lib/intent-errors'
import { orderSummary } from '../lib/order-total'
import { paidVisit } from '../lib/paid-visit'
import { trackLead, useCheckoutTracking } from '../tracking/use-checkout-tracking'
import { type CheckoutChoice, useIntentQueue } from './use-intent-queue'
import type { VisitorDetailsState } from './use-visitor-details'

/** Previews walk through the views but never order or pay. */
export const previewNotice = 'This is a preview: nothing is ordered or paid.'

/** 'live' calls the API; 'preview' (isPreview=true, the draft preview) makes no lead or payment call. */
export type CheckoutMode = 'live' | 'preview'
export type UpsellChoice = CheckoutChoice['upsell']

type Options = { offer: FunnelOffer; mode: CheckoutMode; details: VisitorDetailsState }

/**
 * The public free offer flow (spec section 4 as decisions D17, D18 and D20 settle it), apart from
 * how it is drawn: views 'free' then 'oto', the bump and upsell choices, the order kept in step
 * with them, lead capture, and the final payment.
 *
 * - A submit of the details shows an unviewed upsell first, bump or not (D18), so 'Pay $X' always pays.
 * - Skip and accept both continue that submit (D17): nothing to pay goes to the thank-you page, something
 *   to pay shows the payment form.
 * - Until the visitor submitted their details, intent calls carry none: the order is a draft (D20).
 */
export function useCheckout({ offer, mode, details }: Options) {
  const navigate = useFunnelNavigate()
  const live = mode === 'live'
  const [view, setView] = useState<'free' | 'oto'>('free')
  const [detailsOpen, setDetailsOpen] = useState(false)
  const [focusDetails, setFocusDetails] = useState(false)
  const [bumpSelected, setBumpSelected] = useState(false)
  const [upsell, setUpsell] = useState<UpsellChoice>('unseen')
  const [paymentShown, setPaymentShown] = useState(false)
  const [paymentDisabled, setPaymentDisabled] = useState(false)
  const [paymentError, setPaymentError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  // Deactivated since the page was opened (the server answered 'Offer is not available').
  const [closedSince, setClosedSince] = useState(false)
  const unavailable = !offer.is_active || closedSince

  const openDetails = useCallback((options: { focus: boolean }) => {
    setFocusDetails(options.focus)
    setDetailsOpen(true)
  }, [])

  // The visitor's latest choice, read by each intent call when it starts.
  const choice = useRef<CheckoutChoice>({ bump: false, upsell: 'unseen', details: null })
  const leadSentFor = useRef<string | null>(null)
  const paymentForm = useRef<PaymentFormHandle | null>(null)
  const intents = useIntentQueue({ offer, choice, paymentForm })
  const { intent } = intents

  const summary = orderSummary(offer, { bump: bumpSelected, upsell: upsell === 'accepted' })
  const paymentVisible = paymentShown && summary.totalCents > 0 && (live ? isPayable(intent) : true)
  useCheckoutTracking({ live, view, paymentVisible, intent })
  const upsellPending = () => offer.upsell_offer !== null && choice.current.upsell === 'unseen'
  const paying = () => choice.current.bump || choice.current.upsell === 'accepted'

  const leadKey = (details: VisitorDetails) => `${details.full_name}\n${details.email}`
  async function sendLead(details: VisitorDetails) {
    const key = leadKey(details)
    if (leadSentFor.current === key) return
    leadSentFor.current = key
    trackLead(await captureLead({ ...details, product_id: offer.id }))
  }

  function showView(next: 'free' | 'oto') {
    setView(next)
    // The other view replaces this one in place: start reading it from its top.
    document.getElementById('funnel-top')?.scrollIntoView?.({ block: 'start' })
  }

  // The visit is over once the thank-you page is on its way: nothing is remembered after that.
  const finished = useRef(false)
  const thankYou = (type: 'free-offer' | 'oto-offer', order: PaymentIntentResponse | null) => {
    finished.current = true
    checkoutMemory.forget(offer.id)
    // Decision 0030: this tab paid; the offer page shown again leads to the order, not to a new one.
    if (type === 'oto-offer' && order?.order_reference) paidVisit.remember(offer.id, order.order_reference)
    // Issue 26: the thank-you page (or the post-purchase step) takes the offer page's place in the
    // history, so Back never returns to a card form ready to pay again for a paid order.
    navigate(publicPaths.thankYouPurchase.href(type, order?.order_reference ?? undefined), { replace: true })
  }

  /**
   * Where a submit goes once the upsell was seen (D17): with nothing to pay a new order of total 0
   * completes the free order (D11); otherwise the order gets the choices and the payment form shows.
   */
  async function continueCheckout() {
    if (!live) {
      if (paying()) setPaymentShown(true)
      else toast(previewNotice, 'info')
      return
    }
    if (!paying()) {
      thankYou('free-offer', await intents.send({ fresh: true }))
      return
    }
    const next = await intents.send()
    if (isPayable(next)) setPaymentShown(true)
  }

  /**
   * A failed intent call is shown as the spec's toast. When the offer was deactivated after this
   * tab opened, the page also turns to the inactive offer's: its button disabled with the words
   * under it, which stay when the toast has gone.
   */
  function showIntentError(error: unknown) {
    if (isOfferUnavailable(error)) setClosedSince(true)
    toast(intentErrorMessage(error), 'error')
  }

  /** Runs one step of the flow with the button busy. */
  async function step(work: () => Promise<void>) {
    setBusy(true)
    try {
      await work()
    } catch (error) {
      showIntentError(error)
    } finally {
      setBusy(false)
    }
  }

  function toggleBump(checked: boolean) {
    choice.current.bump = checked
    setBumpSelected(checked)
    if (!live) return
    intents
      .enqueue(async () => {
        // Unticking before any order exists leaves nothing to clear.
        if (!choice.current.bump && intents.current() === null) return
        await intents.sendNow()
      })
      .catch(showIntentError)
  }

  function chooseUpsell(accepted: boolean) {
    choice.current.upsell = accepted ? 'accepted' : 'skipped'
    setUpsell(choice.current.upsell)
    showView('free')
    return step(async () => {
      try {
        await continueCheckout()
      } catch (error) {
        // Spec section 8: on the upsell update path a 404 goes to /404, and an error also disables payment.
        if (accepted && isNotFound(error)) {
          navigate(publicPaths.notFound.href(), { replace: true })
          return
        }
        if (accepted) setPaymentDisabled(true)
        throw error
      }
    })
  }

  async function pay() {
    // The spec's final-payment guard: the upsell is always seen before a payment (D18).
    if (upsellPending()) return showView('oto')
    // Details changed, or the upsell was skipped, since the last intent call: the order hears it first.
    const order = await intents.enqueue(async () => (intents.isCurrent() ? intents.current() : intents.sendNow()))
    const handle = paymentForm.current
    if (!handle) return
    const outcome = await handle.confirm()
    if (outcome.status === 'succeeded') {
      toast(messages.paymentSucceeded, 'success')
      thankYou('oto-offer', order)
    } else if (outcome.status === 'failed') {
      // Stays beside the card form (and is announced) until the card number changes.
      setPaymentError(outcome.message ?? messages.paymentFailed)
    }
  }

  async function onValid(details: VisitorDetails) {
    choice.current.details = details
    if (!live) {
      if (paymentVisible) toast(previewNotice, 'info')
      else if (upsellPending()) showView('oto')
      else await continueCheckout()
      return
    }
    if (paymentDisabled || unavailable) return
    await step(async () => {
      await sendLead(details)
      if (paymentVisible) return pay()
      if (upsellPending()) return showView('oto')
      return continueCheckout()
    })
  }

  /** The screen shown, one browser history entry each (issue 22). */
  const currentStep: FunnelStep = view === 'oto' ? 'upsell' : paymentShown ? 'payment' : 'offer'

  /** Back or Forward: the screen of that entry, with the choices made since. */
  function goTo(target: FunnelStep) {
    if (target === 'upsell' && offer.upsell_offer) return setView('oto')
    setView('free')
    setPaymentShown(target === 'payment' && paying())
  }

  /** A reload: the visitor's details and choices as they left them, and the same order (issue 22). */
  async function restore(memory: CheckoutMemory, at: FunnelStep) {
    choice.current = { bump: memory.bump, upsell: memory.upsell, details: memory.submitted }
    if (memory.submitted) leadSentFor.current = leadKey(memory.submitted)
    setBumpSelected(memory.bump)
    setUpsell(memory.upsell)
    if (memory.detailsOpen) openDetails({ focus: false })
    await step(async () => {
      const order = memory.intentId ? await intents.resume(memory.intentId) : null
      if (at === 'upsell' && offer.upsell_offer) setView('oto')
      // Paying needs the order's intent; without it, the details' button makes a new one.
      else if (at === 'payment' && paying() && isPayable(order)) setPaymentShown(true)
    })
  }

  /** What a reload restores, read after each render; null once the visit is over. */
  const memory = (): CheckoutMemory | null =>
    finished.current
      ? null
      : {
          typed: details.values,
          submitted: choice.current.details,
          detailsOpen,
          bump: choice.current.bump,
          upsell: choice.current.upsell,
          intentId: intents.current()?.intent_id ?? null,
        }

  return {
    view,
    step: currentStep,
    goTo,
    restore,
    memory,
    /** Inactive, or deactivated since the page was opened: nothing can be ordered. */
    unavailable,
    detailsOpen,
    /** Stable: the page calls it from an effect when the panel was opened before hydration. */
    openDetails,
    /** Whether opening the panel should move focus into it (not when the first script already did). */
    focusDetails,
    bumpSelected,
    toggleBump,
    upsell,
    acceptUpsell: () => chooseUpsell(true),
    skipUpsell: () => chooseUpsell(false),
    intent,
    summary,
    paymentVisible,
    paymentForm,
    paymentDisabled,
    paymentError,
    clearPaymentError: () => setPaymentError(null),
    busy,
    submit(event: FormEvent) {
      event.preventDefault()
      const valid = details.validate()
      if (valid) void onValid(valid)
    },
  }
}
export type Checkout = ReturnType<typeof useCheckout>
