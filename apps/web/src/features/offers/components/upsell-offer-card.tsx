import type { UpsellOffer } from '@funnelry/shared'
import { Button } from '@mui/material'
import { paths } from '../../../config/paths'
import { OfferPrice } from './offer-price'
import { PaidAddOnCard } from './paid-add-on-card'

/** Spec section 2: the price with the currency's symbol, and View Offer (new tab) before Edit. */
export function UpsellOfferCard({ offer }: { offer: UpsellOffer }) {
  // Same origin, and the preview needs the session: a session-storage session reaches a new
  // tab only when it is opened with its opener.
  const view = (
    <Button size="small" href={paths.upsellOfferPreview.href(offer.id)} target="_blank" rel="opener">
      View Offer
    </Button>
  )
  return (
    <PaidAddOnCard
      kind="upsell"
      offer={offer}
      prices={<OfferPrice currency={offer.currency} price={offer.product_price} />}
      editHref={paths.dashboard.editUpsellOffer.href(offer.id)}
      moreActions={view}
    />
  )
}
