import { type OfferStats, type OfferStatsQuery, offerStatsSchema } from '@funnelry/shared'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiClient } from './api-client'

/**
 * A free offer's funnel numbers (issue 6). Here rather than in a feature because the offers
 * screens (cards, edit page) and any later report screen read the same figures, and features do
 * not import each other. Draw them with components/funnel-chart.
 */

/** Inclusive UTC days, e.g. `{ date_from: '2025-01-01', date_to: '2025-01-31' }`; both optional. */
export type OfferStatsRange = Pick<OfferStatsQuery, 'date_from' | 'date_to'>

export const offerStatsKeys = {
  all: ['offer-stats'] as const,
  offer: (offerId: string) => [...offerStatsKeys.all, offerId] as const,
  detail: (offerId: string, range: OfferStatsRange = {}) =>
    [...offerStatsKeys.offer(offerId), { date_from: range.date_from ?? null, date_to: range.date_to ?? null }] as const,
}

/** GET /free-product/{id}/stats/ — another seller's offer is a 404. */
export function getOfferStats(offerId: string, range: OfferStatsRange = {}, signal?: AbortSignal): Promise<OfferStats> {
  return apiClient.get(`/free-product/${encodeURIComponent(offerId)}/stats/`, {
    params: { date_from: range.date_from, date_to: range.date_to },
    schema: offerStatsSchema,
    signal,
  })
}

export const offerStatsQueryOptions = (offerId: string, range: OfferStatsRange = {}) =>
  queryOptions({
    queryKey: offerStatsKeys.detail(offerId, range),
    queryFn: ({ signal }) => getOfferStats(offerId, range, signal),
  })

export function useOfferStats(offerId: string, range: OfferStatsRange = {}) {
  return useQuery(offerStatsQueryOptions(offerId, range))
}
