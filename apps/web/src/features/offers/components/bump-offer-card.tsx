import type { BumpOffer } from '@funnelry/shared'
import { Button } from '@mui/material'
import { Link as RouterLink } from 'react-router'
import { paths } from '../../../config/paths'
import { OfferCard } from './offer-card'
import { OfferPrice } from './offer-price'

/** Spec section 2: image, headline, description, old price struck through and new price with the symbol, Edit. */
export function BumpOfferCard({ offer }: { offer: BumpOffer }) {
  return (
    <OfferCard
      image={offer.asset_image}
      headline={offer.headline}
      description={offer.description}
      details={<OfferPrice currency={offer.currency} oldPrice={offer.old_price} price={offer.new_price} />}
      actions={
        <Button size="small" component={RouterLink} to={paths.dashboard.editBumpOffer.href(offer.id)}>
          Edit
        </Button>
      }
    />
  )
}
