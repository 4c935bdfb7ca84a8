import { paths } from '../../../config/paths'
import { BumpOfferCard } from '../components/bump-offer-card'
import { PaidAddOnsPage } from './paid-add-ons-page'

export default function BumpOffersPage() {
  return <PaidAddOnsPage kind="bump" title="BUMP Offers" addHref={paths.dashboard.addBumpOffer.href()} Card={BumpOfferCard} />
}
