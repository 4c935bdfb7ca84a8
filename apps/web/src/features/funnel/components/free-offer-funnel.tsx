import { formatMoney, type VisitorDetails, visitorDetailsSchema } from '@funnelry/shared'
import { zodResolver } from '@hookform/resolvers/zod'
import Box from '@mui/material/Box'
import Stack from '@mui/material/Stack'
import { useEffect, useRef } from 'react'
import { useForm } from 'react-hook-form'
import { type CheckoutMode, useCheckout } from '../hooks/use-checkout'
import type { FunnelOffer } from '../lib/funnel-offer'
import { BumpCard } from './bump-card'
import { CallToAction } from './call-to-action'
import { DetailsPanel } from './details-panel'
import { OfferHero } from './offer-hero'
import { OfferLayout } from './offer-layout'
import { PaymentSection } from './payment-section'
import { PriceBlock } from './price-block'
import { UpsellView } from './upsell-view'

/**
 * The public free offer page from its logo to its footer, for a live offer or a preview
 * (isPreview=true, or the free offer form's draft). Spec section 2 fixes the order.
 */
export function FreeOfferFunnel({ offer, mode }: { offer: FunnelOffer; mode: CheckoutMode }) {
  const form = useForm<VisitorDetails>({
    resolver: zodResolver(visitorDetailsSchema),
    // Spec section 5: validated on change and on blur.
    mode: 'all',
    defaultValues: { full_name: '', email: '' },
  })
  const checkout = useCheckout({ offer, mode, form })
  const { summary } = checkout
  const submitLabel = checkout.paymentVisible ? `Pay ${formatMoney(summary.symbol, summary.totalCents)}` : offer.opt_in_button
  const unavailable = !offer.is_active

  // Back from the upsell, focus returns to the action that continues the order.
  const formElement = useRef<HTMLFormElement>(null)
  const previousView = useRef(checkout.view)
  useEffect(() => {
    if (previousView.current === 'oto' && checkout.view === 'free') {
      formElement.current?.querySelector<HTMLButtonElement>('button[type="submit"]')?.focus()
    }
    previousView.current = checkout.view
  }, [checkout.view])

  return (
    <OfferLayout logo={offer.logo} brand={offer.headline} storeLinks={offer.store_links} preview={mode === 'preview'}>
      {/* Hidden rather than unmounted during the upsell, so a card number already typed survives. */}
      <Box hidden={checkout.view !== 'free'}>
        <Stack ref={formElement} component="form" noValidate spacing={3} onSubmit={checkout.submit}>
          <OfferHero image={offer.asset_image} headline={offer.headline} subHeadline={offer.sub_headline} />
          <PriceBlock summary={summary} />
          {!checkout.detailsOpen && (
            <CallToAction type="button" label={offer.opt_in_button} onClick={checkout.openDetails} unavailable={unavailable} />
          )}
          <DetailsPanel open={checkout.detailsOpen} control={form.control} />
          {offer.bump_offer && (
            <BumpCard
              bump={offer.bump_offer}
              checked={checkout.bumpSelected}
              onChange={checkout.toggleBump}
              disabled={unavailable && mode === 'live'}
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
          {checkout.detailsOpen && (
            <CallToAction
              type="submit"
              label={submitLabel}
              unavailable={unavailable}
              disabled={checkout.paymentDisabled}
              loading={checkout.busy || form.formState.isSubmitting}
            />
          )}
        </Stack>
      </Box>
      {checkout.view === 'oto' && offer.upsell_offer && (
        <UpsellView upsell={offer.upsell_offer} onAccept={checkout.acceptUpsell} onSkip={checkout.skipUpsell} busy={checkout.busy} />
      )}
    </OfferLayout>
  )
}
