import { type OfferSourceRow, type OfferStats, type OfferStatsQuery, offerSourcesSchema, offerStatsSchema } from '@funnelry/shared'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiClient } from './api-client'

/**
 * A free offer's funnel numbers (issue 6). Here rather than in a feature because the offers
 * screens (cards, edit page) and any later report screen read the same figures, and features do
 * not import each other. Draw them with components/funnel-chart.
 */

/**
 * Inclusive days, e.g. `{ from: '2025-01-01', to: '2025-01-31' }`; both optional (decision D37:
 * the last 30 days). They are days of the browser's time zone, which every call names.
 */
export type OfferStatsRange = Pick<OfferStatsQuery, 'from' | 'to'>

/** The seller's time zone as the browser knows it (UTC if it cannot say). */
export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC'
const paramsOf = (range: OfferStatsRange) => ({ from: range.from, to: range.to, tz: browserTimeZone() })

export const offerStatsKeys = {
  all: ['offer-stats'] as const,
  offer: (offerId: string) => [...offerStatsKeys.all, offerId] as const,
  detail: (offerId: string, range: OfferStatsRange = {}) =>
    [...offerStatsKeys.offer(offerId), { from: range.from ?? null, to: range.to ?? null }] as const,
  sources: (offerId: string, range: OfferStatsRange = {}) =>
    [...offerStatsKeys.offer(offerId), 'sources', { from: range.from ?? null, to: range.to ?? null }] as const,
}

/** GET /free-product/{id}/stats/ — another seller's offer is a 404. */
export function getOfferStats(offerId: string, range: OfferStatsRange = {}, signal?: AbortSignal): Promise<OfferStats> {
  return apiClient.get(`/free-product/${encodeURIComponent(offerId)}/stats/`, {
    params: paramsOf(range),
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

/** GET /free-product/{id}/stats/sources/ — the same range by source and campaign (decision D37). */
export function getOfferSources(offerId: string, range: OfferStatsRange = {}, signal?: AbortSignal): Promise<OfferSourceRow[]> {
  return apiClient.get(`/free-product/${encodeURIComponent(offerId)}/stats/sources/`, {
    params: paramsOf(range),
    schema: offerSourcesSchema,
    signal,
  })
}

export function useOfferSources(offerId: string, range: OfferStatsRange = {}) {
  return useQuery({ queryKey: offerStatsKeys.sources(offerId, range), queryFn: ({ signal }) => getOfferSources(offerId, range, signal) })
}
