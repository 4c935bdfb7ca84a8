import { postPurchaseConsent } from '@funnelry/shared/funnel/post-purchase-messages'
import { formatMoney } from '@funnelry/shared/money-format'
import { lazy, Suspense, useEffect, useRef, useState } from 'react'
import { type CheckoutMode, useCheckout } from '../hooks/use-checkout'
import { useFunnelSteps } from '../hooks/use-funnel-steps'
import { usePaymentIntoView } from '../hooks/use-payment-into-view'
import { useVisitorDetails } from '../hooks/use-visitor-details'
import { takeEarlyOptIn, whenNoPress } from '../lib/early-opt-in'
import type { FunnelOffer } from '../lib/funnel-offer'
import { orderSummary } from '../lib/order-total'
import { paidVisit } from '../lib/paid-visit'
import { BumpCard } from './bump-card'
import { CallToAction } from './call-to-action'
import { DetailsPanel } from './details-panel'
import { OfferHero } from './offer-hero'
import { OfferLayout } from './offer-layout'
import { PaidVisitNotice } from './paid-visit-notice'
import { PaymentSection } from './payment-section'
import { PriceBlock } from './price-block'

// Shown only after the details are submitted: its code (and its video player) loads then (issue 11).
const UpsellView = lazy(() => import('./upsell-view').then((module) => ({ default: module.UpsellView })))

/**
 * The public free offer page from its logo to its footer, for a live offer or a preview
 * (isPreview=true, or the free offer form's draft). Spec section 2 fixes the order. The server
 * renders it first (issue 11); the browser hydrates the same tree.
 */
export function FreeOfferFunnel({ offer, mode }: { offer: FunnelOffer; mode: CheckoutMode }) {
  const details = useVisitorDetails()
  const checkout = useCheckout({ offer, mode, details })
  const { summary } = checkout
  const submitLabel = checkout.paymentVisible ? `Pay ${formatMoney(summary.symbol, summary.totalCents)}` : offer.opt_in_button
  const { unavailable } = checkout
  const formElement = useRef<HTMLFormElement>(null)
  useFunnelSteps({ offerId: offer.id, checkout, details, enabled: mode === 'live' })
  usePaymentIntoView(checkout.paymentVisible, formElement)

  // Back after paying, or the page restored: this tab's paid order, not an empty form (decision 0030).
  // Read after hydration, as the server's HTML knows nothing of this tab.
  const [paidOrder, setPaidOrder] = useState<string | null>(null)
  useEffect(() => {
    if (mode === 'live') setPaidOrder(paidVisit.read(offer.id))
  }, [mode, offer.id])
  const startAgain = () => {
    paidVisit.forget(offer.id)
    setPaidOrder(null)
  }

  // Pressed before hydration: the first script already showed the panel; the page takes over as is.
  const { openDetails } = checkout
  const { adopt } = details
  const [sentBeforeHydration, setSentBeforeHydration] = useState(false)
  useEffect(() => {
    const early = takeEarlyOptIn()
    if (!early.pressed) return
    const typed = (name: string) => formElement.current?.querySelector<HTMLInputElement>(`input[name="${name}"]`)?.value ?? ''
    adopt({ full_name: typed('full_name'), email: typed('email') })
    openDetails({ focus: false })
    setSentBeforeHydration(early.submitted)
  }, [openDetails, adopt])
  // Sent before hydration (the first script held it): sent now, once the typed details are the page's.
  useEffect(() => {
    if (!sentBeforeHydration) return
    // After React's own work, as a press would: a submit dispatched inside an effect re-enters React.
    const press = setTimeout(() => formElement.current?.requestSubmit())
    return () => clearTimeout(press)
  }, [sentBeforeHydration])

  // A bump ticked before hydration (the checkbox is plain HTML until then) counts as ticked. Its
  // line grows the price block, which moves the buttons below it: while a press is under way the
  // block waits for the press to end, or the press's click would land beside its button.
  const checkedBeforeHydration = useRef(true)
  const [priceHeld, setPriceHeld] = useState(false)
  useEffect(() => {
    if (!checkedBeforeHydration.current) return
    checkedBeforeHydration.current = false
    const box = formElement.current?.querySelector<HTMLInputElement>('[aria-label="Add to order"] input[type="checkbox"]')
    if (!box?.checked) return
    checkout.toggleBump(true)
    setPriceHeld(true)
    whenNoPress(() => setPriceHeld(false))
  })
  const shownSummary = priceHeld ? orderSummary(offer, { bump: false, upsell: false }) : summary

  // The panel opens where typing starts.
  useEffect(() => {
    if (checkout.detailsOpen && checkout.focusDetails)
      formElement.current?.querySelector<HTMLInputElement>('input[name="full_name"]')?.focus()
  }, [checkout.detailsOpen, checkout.focusDetails])

  // Back from the upsell, focus returns to the action that continues the order.
  const previousView = useRef(checkout.view)
  useEffect(() => {
    if (previousView.current === 'oto' && checkout.view === 'free') {
      formElement.current?.querySelector<HTMLButtonElement>('button[type="submit"]')?.focus()
    }
    previousView.current = checkout.view
  }, [checkout.view])

  return (
    <OfferLayout logo={offer.logo} brand={offer.headline} storeLinks={offer.store_links} preview={mode === 'preview'}>
      {paidOrder && <PaidVisitNotice orderReference={paidOrder} onStartAgain={startAgain} />}
      {/* Hidden rather than unmounted during the upsell, so a card number already typed survives. */}
      <div hidden={checkout.view !== 'free' || paidOrder !== null}>
        <form ref={formElement} noValidate className="fy-stack" onSubmit={checkout.submit}>
          <OfferHero image={offer.asset_image} headline={offer.headline} subHeadline={offer.sub_headline} />
          <PriceBlock summary={shownSummary} />
          <CallToAction
            type="button"
            label={offer.opt_in_button}
            onClick={() => openDetails({ focus: true })}
            unavailable={unavailable}
            hidden={checkout.detailsOpen}
            optIn
          />
          <DetailsPanel open={checkout.detailsOpen} details={details} />
          {offer.bump_offer && (
            <BumpCard
              bump={offer.bump_offer}
              checked={checkout.bumpSelected}
              onChange={checkout.toggleBump}
              // Not while a payment is under way (a challenge waiting included): what is charged is what was shown.
              disabled={(unavailable && mode === 'live') || checkout.busy}
            />
          )}
          {checkout.paymentVisible && (
            <PaymentSection
              intent={checkout.intent}
              preview={mode === 'preview'}
              formRef={checkout.paymentForm}
              error={checkout.paymentError}
              onCardChange={checkout.clearPaymentError}
            />
          )}
          <CallToAction
            type="submit"
            label={submitLabel}
            unavailable={unavailable}
            disabled={checkout.paymentDisabled}
            loading={checkout.busy}
            hidden={!checkout.detailsOpen}
            submit
          />
          {/* Decision D34: the card is kept for the one-click offers only when this line was shown. */}
          {checkout.paymentVisible && offer.after_purchase.length > 0 && (
            <p className="fy-muted fy-center" data-testid="save-card-consent">
              {postPurchaseConsent}
            </p>
          )}
        </form>
      </div>
      {checkout.view === 'oto' && offer.upsell_offer && (
        <Suspense fallback={null}>
          <UpsellView upsell={offer.upsell_offer} onAccept={checkout.acceptUpsell} onSkip={checkout.skipUpsell} busy={checkout.busy} />
        </Suspense>
      )}
    </OfferLayout>
  )
}
