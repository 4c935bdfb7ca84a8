import type { UpsellOffer } from '@funnelry/shared'
import { Button } from '@mui/material'
import { Link as RouterLink } from 'react-router'
import { paths } from '../../../config/paths'
import { OfferCard } from './offer-card'
import { OfferPrice } from './offer-price'

/** Spec section 2: image, headline, description, price with the symbol, View Offer (new tab) and Edit. */
export function OtoOfferCard({ offer }: { offer: UpsellOffer }) {
  return (
    <OfferCard
      image={offer.asset_image}
      headline={offer.headline}
      description={offer.description}
      details={<OfferPrice currency={offer.currency} price={offer.product_price} />}
      actions={
        <>
          {/* Same origin, and the preview needs the session: a session-storage session reaches a new
              tab only when it is opened with its opener. */}
          <Button size="small" href={paths.otoOfferPreview.href(offer.id)} target="_blank" rel="opener">
            View Offer
          </Button>
          <Button size="small" component={RouterLink} to={paths.dashboard.editOtoOffer.href(offer.id)}>
            Edit
          </Button>
        </>
      }
    />
  )
}
