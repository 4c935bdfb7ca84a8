import type { BumpOffer } from '@funnelry/shared'
import { paths } from '../../../config/paths'
import { OfferPrice } from './offer-price'
import { PaidAddOnCard } from './paid-add-on-card'

/** Spec section 2: the old price struck through and the new price, with the currency's symbol. */
export function BumpOfferCard({ offer }: { offer: BumpOffer }) {
  const prices = <OfferPrice currency={offer.currency} oldPrice={offer.old_price} price={offer.new_price} />
  return <PaidAddOnCard kind="bump" offer={offer} prices={prices} editHref={paths.dashboard.editBumpOffer.href(offer.id)} />
}
