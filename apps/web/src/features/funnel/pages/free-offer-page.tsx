import { useParams, useSearchParams } from 'react-router'
import { DraftOfferPreview } from '../components/draft-offer-preview'
import { LiveOffer } from '../components/live-offer'

/** `/free-offer/{id}` (public; isPreview=true for the seller's View Offer) and `/free-offer` (the draft preview). */
export default function FreeOfferPage() {
  const { id } = useParams()
  const [searchParams] = useSearchParams()
  if (!id) return <DraftOfferPreview />
  // A new id is a new visit: the checkout state must not carry over.
  return <LiveOffer key={id} id={id} preview={searchParams.get('isPreview') === 'true'} />
}
