import { useState } from 'react'
import { Navigate } from 'react-router'
import { PageLoading } from '../../../components/page-loading'
import { paths } from '../../../config/paths'
import { freeOfferDraft } from '../../../lib/free-offer-draft'
import { usePaidAddOn } from '../../offers'
import { funnelOfferFromDraft } from '../lib/funnel-offer'
import { FreeOfferFunnel } from './free-offer-funnel'

/**
 * `/free-offer` without an id: the free offer form's unsaved draft, rendered with the same
 * components as the public page, with no lead or payment call (spec section 2). The attached
 * bump and upsell are read with the seller's token. No draft: back to the seller's list.
 */
export function DraftOfferPreview() {
  const [draft] = useState(() => freeOfferDraft.read())
  const bumpId = draft?.values.bump_offer_id || null
  const upsellId = draft?.values.upsell_offer_id || null
  const bump = usePaidAddOn('bump', bumpId)
  const upsell = usePaidAddOn('upsell', upsellId)

  if (!draft) return <Navigate to={paths.dashboard.freeOffers.href()} replace />
  // An attached offer that cannot be read (deleted since) is simply left out of the preview.
  if ((bumpId && bump.isPending) || (upsellId && upsell.isPending)) return <PageLoading />
  return <FreeOfferFunnel offer={funnelOfferFromDraft(draft, bump.data, upsell.data)} mode="preview" />
}
