import {
  type CreatePaymentIntentInput,
  messages,
  type PaymentIntentResponse,
  type VisitorDetails,
  visitorDetailsSchema,
} from '@funnelry/shared'
import { useRef, useState } from 'react'
import type { UseFormReturn } from 'react-hook-form'
import { useNavigate } from 'react-router'
import { paths } from '../../../config/paths'
import { toast } from '../../../lib/toast'
import { captureLead } from '../api/capture-lead'
import { createPaymentIntent } from '../api/create-payment-intent'
import { updatePaymentIntent } from '../api/update-payment-intent'
import { isPayable, type PaymentFormHandle } from '../components/payment/payment-form-types'
import type { FunnelOffer } from '../lib/funnel-offer'
import { intentErrorMessage, isNotFound } from '../lib/intent-errors'
import { orderSummary } from '../lib/order-total'

/** Sent when the bump is ticked before the visitor typed valid details; the real ones follow on the next update. */
export const placeholderVisitor = { full_name: 'Visitor', email: 'visitor@example.com' } as const

/** Previews walk through the views but never order or pay. */
export const previewNotice = 'This is a preview: nothing is ordered or paid.'

/** 'live' calls the API; 'preview' (isPreview=true, the draft preview) makes no lead or payment call. */
export type CheckoutMode = 'live' | 'preview'
export type UpsellChoice = 'unseen' | 'accepted' | 'skipped'

/** What every intent call sends: the visitor and their choices, never an amount. */
type IntentSelection = Required<Omit<CreatePaymentIntentInput, 'product_id'>>

type Options = { offer: FunnelOffer; mode: CheckoutMode; form: UseFormReturn<VisitorDetails> }

/**
 * The public free offer flow of spec section 4: views 'free' then 'oto', the bump and upsell
 * choices, the payment intent kept in step with them, lead capture, and the final payment.
 */
export function useCheckout({ offer, mode, form }: Options) {
  const navigate = useNavigate()
  const live = mode === 'live'
  const [view, setView] = useState<'free' | 'oto'>('free')
  const [detailsOpen, setDetailsOpen] = useState(false)
  const [bumpSelected, setBumpSelected] = useState(false)
  const [upsell, setUpsell] = useState<UpsellChoice>('unseen')
  const [intent, setIntent] = useState<PaymentIntentResponse | null>(null)
  const [paymentShown, setPaymentShown] = useState(false)
  const [paymentDisabled, setPaymentDisabled] = useState(false)
  const [busy, setBusy] = useState(false)

  // Intent calls run one after another and read the visitor's latest choice when they start,
  // so a quick tick-untick ends with the intent matching the checkbox.
  const choice = useRef<{ bump: boolean; upsell: UpsellChoice }>({ bump: false, upsell: 'unseen' })
  const intentRef = useRef<PaymentIntentResponse | null>(null)
  const lastSent = useRef<string | null>(null)
  const queue = useRef<Promise<unknown>>(Promise.resolve())
  const leadSentFor = useRef<string | null>(null)
  const paymentForm = useRef<PaymentFormHandle | null>(null)

  const summary = orderSummary(offer, { bump: bumpSelected, upsell: upsell === 'accepted' })
  const paymentVisible = paymentShown && summary.totalCents > 0 && (live ? isPayable(intent) : true)
  const hasUpsell = offer.upsell_offer !== null

  function selectionNow(): IntentSelection {
    const details = visitorDetailsSchema.safeParse(form.getValues())
    const { bump, upsell: upsellChoice } = choice.current
    return {
      ...(details.success ? details.data : placeholderVisitor),
      bump_offer_id: bump && offer.bump_offer ? offer.bump_offer.id : null,
      upsell_offer_id: upsellChoice === 'accepted' && offer.upsell_offer ? offer.upsell_offer.id : null,
      upsell_shown: upsellChoice !== 'unseen',
    }
  }

  function queued<T>(task: () => Promise<T>): Promise<T> {
    const result = queue.current.then(task)
    queue.current = result.catch(() => undefined)
    return result
  }

  /** Creates the intent, or updates the existing one; `fresh` always creates (a zero total, decision D11). */
  async function sendIntent(fresh = false): Promise<PaymentIntentResponse> {
    const selection = selectionNow()
    const current = intentRef.current
    const next =
      current && !fresh
        ? await updatePaymentIntent({ intent_id: current.intent_id, ...selection })
        : await createPaymentIntent({ product_id: offer.id, ...selection })
    intentRef.current = next
    lastSent.current = JSON.stringify(selection)
    setIntent(next)
    if (current && !fresh && current.client_secret === next.client_secret) await paymentForm.current?.refresh()
    return next
  }

  async function sendLead(details: VisitorDetails) {
    const key = `${details.full_name}\n${details.email}`
    if (leadSentFor.current === key) return
    leadSentFor.current = key
    await captureLead({ ...details, product_id: offer.id })
  }

  function showView(next: 'free' | 'oto') {
    setView(next)
    // The other view replaces this one in place: start reading it from its top.
    document.getElementById('funnel-top')?.scrollIntoView?.({ block: 'start' })
  }

  function toggleBump(checked: boolean) {
    choice.current.bump = checked
    setBumpSelected(checked)
    if (!live) return
    queued(async () => {
      // Unticking before any intent exists leaves nothing to clear.
      if (!choice.current.bump && intentRef.current === null) return
      await sendIntent()
    }).catch((error: unknown) => toast(intentErrorMessage(error), 'error'))
  }

  async function acceptUpsell() {
    choice.current.upsell = 'accepted'
    setUpsell('accepted')
    showView('free')
    if (!live) {
      setPaymentShown(true)
      return
    }
    setBusy(true)
    try {
      const next = await queued(() => sendIntent())
      // The visitor already submitted their details to get here: what they accepted is payable now.
      if (isPayable(next)) setPaymentShown(true)
    } catch (error) {
      // Spec section 8: on the upsell update path a 404 goes to /404, and an error disables payment.
      if (isNotFound(error)) {
        navigate(paths.notFound.href(), { replace: true })
        return
      }
      toast(intentErrorMessage(error), 'error')
      setPaymentDisabled(true)
    } finally {
      setBusy(false)
    }
  }

  function skipUpsell() {
    choice.current.upsell = 'skipped'
    setUpsell('skipped')
    showView('free')
  }

  function previewSubmit(paying: boolean, upsellPending: boolean) {
    if (paying && !paymentShown) setPaymentShown(true)
    else if (upsellPending) showView('oto')
    else toast(previewNotice, 'info')
  }

  async function pay() {
    // Details changed, or the upsell was skipped, since the last intent call: the order hears it first.
    if (lastSent.current !== JSON.stringify(selectionNow())) await queued(() => sendIntent())
    const handle = paymentForm.current
    if (!handle) return
    const outcome = await handle.confirm()
    if (outcome.status === 'succeeded') {
      toast(messages.paymentSucceeded, 'success')
      navigate(paths.thankYouPurchase.href('oto-offer'))
    } else if (outcome.status === 'failed') {
      toast(outcome.message ?? messages.paymentFailed, 'error')
    }
  }

  async function onValid(details: VisitorDetails) {
    const paying = choice.current.bump || choice.current.upsell === 'accepted'
    const upsellPending = hasUpsell && choice.current.upsell === 'unseen'
    if (!live) return previewSubmit(paying, upsellPending)
    if (paymentDisabled || !offer.is_active) return
    setBusy(true)
    try {
      await sendLead(details)
      if (!paying && upsellPending) return showView('oto')
      if (paymentVisible) {
        if (upsellPending) return showView('oto')
        return await pay()
      }
      // Nothing chosen: a new zero-total intent completes the free order (D11). Otherwise the
      // intent gets the real details and the payment form appears.
      const next = await queued(() => sendIntent(!paying))
      if (paying && isPayable(next)) setPaymentShown(true)
      else navigate(paths.thankYouPurchase.href('free-offer'))
    } catch (error) {
      toast(intentErrorMessage(error), 'error')
    } finally {
      setBusy(false)
    }
  }

  return {
    view,
    detailsOpen,
    openDetails: () => setDetailsOpen(true),
    bumpSelected,
    toggleBump,
    upsell,
    acceptUpsell,
    skipUpsell,
    intent,
    summary,
    paymentVisible,
    paymentForm,
    paymentDisabled,
    busy,
    submit: form.handleSubmit(onValid),
  }
}
export type Checkout = ReturnType<typeof useCheckout>
