import { CardListPage } from '../../../components/card-list-page'
import { usePageParam } from '../../../components/page-pagination'
import { paths } from '../../../config/paths'
import { useOtoOffers } from '../api/get-oto-offers'
import { OtoOfferCard } from '../components/oto-offer-card'

export default function OtoOffersPage() {
  const page = usePageParam()
  const query = useOtoOffers(page)
  return (
    <CardListPage
      title="OTO Offers"
      addHref={paths.dashboard.addOtoOffer.href()}
      page={page}
      query={query}
      getKey={(offer) => offer.id}
      renderCard={(offer) => <OtoOfferCard offer={offer} />}
    />
  )
}
