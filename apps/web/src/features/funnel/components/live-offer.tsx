import { Navigate } from 'react-router'
import { PageLoading } from '../../../components/page-loading'
import { paths } from '../../../config/paths'
import { useFreeOffer } from '../api/get-free-offer'
import { useAdvertisingPixels } from '../hooks/use-advertising-pixels'
import { useDocumentTitle } from '../hooks/use-document-title'
import { usePageView } from '../hooks/use-page-view'
import { isNotFound } from '../lib/intent-errors'
import { FreeOfferFunnel } from './free-offer-funnel'
import { LoadFailed } from './load-failed'

/** `/free-offer/{id}`: the offer as visitors see it; `preview` (isPreview=true) runs no pixels and makes no calls. */
export function LiveOffer({ id, preview }: { id: string; preview: boolean }) {
  const offer = useFreeOffer(id)
  useAdvertisingPixels(offer.data?.advertising_pixels, !preview)
  useDocumentTitle(offer.data?.headline)
  // Issue 6: views feed the seller's opt-in rate; only real visits count, never previews.
  usePageView(id, !preview && offer.isSuccess)

  if (offer.isPending) return <PageLoading />
  if (offer.isError) {
    // Spec section 8: a 404 on fetching a public offer sends the visitor to /404.
    if (isNotFound(offer.error)) return <Navigate to={paths.notFound.href()} replace />
    return <LoadFailed onRetry={() => void offer.refetch()} />
  }
  return <FreeOfferFunnel offer={offer.data} mode={preview ? 'preview' : 'live'} />
}
