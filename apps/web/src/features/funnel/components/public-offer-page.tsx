import type { FreeOffer } from '@funnelry/shared'
import { usePageView } from '../hooks/use-page-view'
import { useSellerTracking } from '../tracking/use-seller-tracking'
import { FreeOfferFunnel } from './free-offer-funnel'

/**
 * `/free-offer/{id}` once its offer is known: what the server renders, the public script
 * hydrates, and the app's own route shows (one page, issue 11). `preview` (isPreview=true) runs
 * no pixels and makes no calls.
 */
export function PublicOfferPage({ offer, preview }: { offer: FreeOffer; preview: boolean }) {
  useSellerTracking(offer, !preview)
  // Issue 6: views feed the seller's opt-in rate; only real visits count, never previews.
  usePageView(offer.id, !preview)
  return <FreeOfferFunnel offer={offer} mode={preview ? 'preview' : 'live'} />
}
