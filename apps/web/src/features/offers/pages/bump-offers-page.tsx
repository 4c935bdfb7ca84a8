import { CardListPage } from '../../../components/card-list-page'
import { usePageParam } from '../../../components/page-pagination'
import { paths } from '../../../config/paths'
import { useBumpOffers } from '../api/get-bump-offers'
import { BumpOfferCard } from '../components/bump-offer-card'

export default function BumpOffersPage() {
  const page = usePageParam()
  const query = useBumpOffers(page)
  return (
    <CardListPage
      title="BUMP Offers"
      addHref={paths.dashboard.addBumpOffer.href()}
      page={page}
      query={query}
      getKey={(offer) => offer.id}
      renderCard={(offer) => <BumpOfferCard offer={offer} />}
    />
  )
}
