import { useParams, useSearchParams } from 'react-router'
import { offerReturnParams } from '../../../config/paths'
import { useBumpOffer } from '../api/get-bump-offer'
import { BumpOfferForm } from '../components/bump-offer-form'
import { OfferLoader } from '../components/offer-loader'
import { freeOfferReturnTo } from '../lib/return-to'

/** Add (no id) and edit (`:id`) share this page; a new id is a new form. */
export default function BumpOfferFormPage() {
  const { id } = useParams()
  const [params] = useSearchParams()
  const query = useBumpOffer(id)
  if (id === undefined) return <BumpOfferForm key="add" returnTo={freeOfferReturnTo(params.get(offerReturnParams.returnTo))} />
  return <OfferLoader query={query}>{(offer) => <BumpOfferForm key={offer.id} offer={offer} />}</OfferLoader>
}
