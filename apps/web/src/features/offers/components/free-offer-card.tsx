import type { FreeOffer } from '@funnelry/shared'
import { Button } from '@mui/material'
import { Link as RouterLink } from 'react-router'
import { CopyButton } from '../../../components/copy-button'
import { paths } from '../../../config/paths'
import { attachedAddOns } from '../lib/attached-add-ons'
import { offerTexts } from '../lib/offer-texts'
import { ActivationSwitch } from './activation-switch'
import { OfferActionsMenu } from './offer-actions-menu'
import { OfferCard } from './offer-card'
import { OfferFunnelNumbers } from './offer-funnel-numbers'

/** Spec section 2: image, headline, sub headline, copy-URL, View Offer (preview, new tab), Edit, and the switch; issue 6 adds the funnel numbers, issue 15 the "⋮" menu. */
export function FreeOfferCard({ offer }: { offer: FreeOffer }) {
  return (
    <OfferCard
      image={offer.asset_image}
      headline={offer.headline}
      description={offer.sub_headline}
      dimmed={!offer.is_active}
      details={<OfferFunnelNumbers offerId={offer.id} attached={attachedAddOns(offer)} />}
      actions={
        <>
          <CopyButton text={offer.show_url} label="Copy URL" copiedMessage={offerTexts.copied} size="small" />
          <Button size="small" href={paths.freeOfferPublic.href(offer.id, { preview: true })} target="_blank" rel="noopener noreferrer">
            View Offer
          </Button>
          <Button size="small" component={RouterLink} to={paths.dashboard.editFreeOffer.href(offer.id)}>
            Edit
          </Button>
        </>
      }
      end={
        <>
          <ActivationSwitch offer={offer} />
          <OfferActionsMenu kind="free" offer={offer} />
        </>
      }
    />
  )
}
