import { paths } from '../../../config/paths'
import { UpsellOfferCard } from '../components/upsell-offer-card'
import { PaidAddOnsPage } from './paid-add-ons-page'

export default function UpsellOffersPage() {
  return <PaidAddOnsPage kind="upsell" title="OTO Offers" addHref={paths.dashboard.addUpsellOffer.href()} Card={UpsellOfferCard} />
}
