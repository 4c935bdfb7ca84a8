import { Skeleton } from '@mui/material'
import { type Attached, FunnelChart } from '../../../components/funnel-chart'
import { useOfferStats } from '../../../lib/offer-stats'

/**
 * Issue 6: a free offer's funnel (views → opt-ins → orders with bump → with upsell, revenue) on
 * its card and edit page. The numbers are extra: while they load a placeholder keeps the card's
 * height, and if they fail the card simply shows none.
 */
export function OfferFunnelNumbers({ offerId, attached }: { offerId: string; attached: Attached }) {
  const stats = useOfferStats(offerId)
  // A status, so its name is allowed (axe aria-prohibited-attr on a plain span).
  if (stats.isPending) return <Skeleton variant="rounded" height={220} role="status" aria-label="Loading the funnel numbers" />
  if (stats.isError) return null
  return <FunnelChart stats={stats.data} attached={attached} />
}
