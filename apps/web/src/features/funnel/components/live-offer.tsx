import { Navigate } from 'react-router'
import { PageLoading } from '../../../components/page-loading'
import { paths } from '../../../config/paths'
import { useFreeOffer } from '../api/get-free-offer'
import { useDocumentTitle } from '../hooks/use-document-title'
import { isNotFound } from '../lib/intent-errors'
import { LoadFailed } from './load-failed'
import { PublicOfferPage } from './public-offer-page'

/**
 * `/free-offer/{id}` inside the app: the server normally answers this address with the page
 * already rendered (issue 11); the app shows it when it navigates here itself, and sends an
 * unknown offer to /404 (spec section 8).
 */
export function LiveOffer({ id, preview }: { id: string; preview: boolean }) {
  const offer = useFreeOffer(id)
  useDocumentTitle(offer.data?.headline)

  if (offer.isPending) return <PageLoading />
  if (offer.isError) {
    if (isNotFound(offer.error)) return <Navigate to={paths.notFound.href()} replace />
    return <LoadFailed onRetry={() => void offer.refetch()} />
  }
  return <PublicOfferPage offer={offer.data} preview={preview} />
}
