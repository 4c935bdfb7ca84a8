import type { BumpOffer, UpsellOffer } from '@funnelry/shared'
import { Button } from '@mui/material'
import type { ReactNode } from 'react'
import { Link as RouterLink } from 'react-router'
import type { PaidAddOnKind } from '../api/paid-add-on-endpoints'
import { OfferActionsMenu } from './offer-actions-menu'
import { OfferCard } from './offer-card'

type PaidAddOnCardProps = {
  kind: PaidAddOnKind
  offer: BumpOffer | UpsellOffer
  /** The prices, under the description. */
  prices: ReactNode
  editHref: string
  /** Buttons before Edit. */
  moreActions?: ReactNode
}

/** A BUMP or upsell offer's card (spec section 2): image, headline, description, prices, Edit, and the "⋮" menu (issue 15). */
export function PaidAddOnCard({ kind, offer, prices, editHref, moreActions }: PaidAddOnCardProps) {
  return (
    <OfferCard
      image={offer.asset_image}
      headline={offer.headline}
      description={offer.description}
      details={prices}
      actions={
        <>
          {moreActions}
          <Button size="small" component={RouterLink} to={editHref}>
            Edit
          </Button>
        </>
      }
      end={<OfferActionsMenu kind={kind} offer={offer} />}
    />
  )
}
