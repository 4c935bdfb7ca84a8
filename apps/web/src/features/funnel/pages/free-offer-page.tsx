import { useCallback } from 'react'
import { useNavigate, useParams, useSearchParams } from 'react-router'
import { DraftOfferPreview } from '../components/draft-offer-preview'
import { LiveOffer } from '../components/live-offer'
import { type FunnelNavigate, FunnelNavigationContext } from '../lib/funnel-navigation'

/** `/free-offer/{id}` (public; isPreview=true for the seller's View Offer) and `/free-offer` (the draft preview). */
export default function FreeOfferPage() {
  const { id } = useParams()
  const [searchParams] = useSearchParams()
  const navigate = useNavigate()
  // Inside the app the funnel moves on with the app's router.
  const funnelNavigate = useCallback<FunnelNavigate>((href, options) => void navigate(href, options), [navigate])
  return (
    <FunnelNavigationContext value={funnelNavigate}>
      {/* A new id is a new visit: the checkout state must not carry over. */}
      {id ? <LiveOffer key={id} id={id} preview={searchParams.get('isPreview') === 'true'} /> : <DraftOfferPreview />}
    </FunnelNavigationContext>
  )
}
