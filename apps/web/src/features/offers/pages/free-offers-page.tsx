import { CardListPage } from '../../../components/card-list-page'
import { usePageParam } from '../../../components/page-pagination'
import { paths } from '../../../config/paths'
import { useFreeOffers } from '../api/get-free-offers'
import { FreeOfferCard } from '../components/free-offer-card'

export default function FreeOffersPage() {
  const page = usePageParam()
  const query = useFreeOffers(page)
  return (
    <CardListPage
      title="Free Offers"
      addHref={paths.dashboard.addFreeOffer.href()}
      page={page}
      query={query}
      getKey={(offer) => offer.id}
      renderCard={(offer) => <FreeOfferCard offer={offer} />}
    />
  )
}
