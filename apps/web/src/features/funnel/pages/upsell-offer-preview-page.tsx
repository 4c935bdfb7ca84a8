import { Navigate, useParams } from 'react-router'
import { PageLoading } from '../../../components/page-loading'
import { paths } from '../../../config/paths'
import { toast } from '../../../lib/toast'
import { usePaidAddOn } from '../../offers'
import { LoadFailed } from '../components/load-failed'
import { OfferLayout } from '../components/offer-layout'
import { UpsellView } from '../components/upsell-view'
import { previewNotice } from '../hooks/use-checkout'
import { isNotFound } from '../lib/intent-errors'

/** `/oto-offer/{id}` (signed in): the upsell view of one OTO as visitors will see it, with its own logo. */
export default function UpsellOfferPreviewPage() {
  const { id = '' } = useParams()
  const upsell = usePaidAddOn('upsell', id)

  if (upsell.isPending) return <PageLoading />
  if (upsell.isError) {
    if (isNotFound(upsell.error)) return <Navigate to={paths.notFound.href()} replace />
    return <LoadFailed onRetry={() => void upsell.refetch()} />
  }
  const showNotice = () => toast(previewNotice, 'info')
  return (
    <OfferLayout logo={upsell.data.logo} brand={upsell.data.headline} preview>
      <UpsellView upsell={upsell.data} onAccept={showNotice} onSkip={showNotice} />
    </OfferLayout>
  )
}
