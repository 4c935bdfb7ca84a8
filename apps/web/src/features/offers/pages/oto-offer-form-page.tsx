import { useParams, useSearchParams } from 'react-router'
import { offerReturnParams } from '../../../config/paths'
import { useOtoOffer } from '../api/get-oto-offer'
import { OfferLoader } from '../components/offer-loader'
import { OtoOfferForm } from '../components/oto-offer-form'
import { freeOfferReturnTo } from '../lib/return-to'

/** Add (no id) and edit (`:id`) share this page; a new id is a new form. */
export default function OtoOfferFormPage() {
  const { id } = useParams()
  const [params] = useSearchParams()
  const query = useOtoOffer(id)
  if (id === undefined) return <OtoOfferForm key="add" returnTo={freeOfferReturnTo(params.get(offerReturnParams.returnTo))} />
  return <OfferLoader query={query}>{(offer) => <OtoOfferForm key={offer.id} offer={offer} />}</OfferLoader>
}
