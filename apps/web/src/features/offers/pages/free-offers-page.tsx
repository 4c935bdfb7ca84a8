import { paths } from '../../../config/paths'
import { useFreeOffers } from '../api/get-free-offers'
import { FreeOfferCard } from '../components/free-offer-card'
import { OfferListPage } from '../components/offer-list-page'
import { useOfferListFilters } from '../lib/offer-list-params'

export default function FreeOffersPage() {
  const { filters, setFilter } = useOfferListFilters()
  const query = useFreeOffers(filters)
  return (
    <OfferListPage
      title="Free Offers"
      addHref={paths.dashboard.addFreeOffer.href()}
      filters={filters}
      setFilter={setFilter}
      query={query}
      renderCard={(offer) => <FreeOfferCard offer={offer} />}
    />
  )
}
