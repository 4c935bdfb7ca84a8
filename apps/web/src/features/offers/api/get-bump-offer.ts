import { type BumpOffer, bumpOfferSchema } from '@funnelry/shared'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiClient } from '../../../lib/api-client'
import { offerKeys } from './offer-query-keys'

/** GET /bump-offer/{id}/ — the offer the edit screen starts from. */
export function getBumpOffer(id: string, signal?: AbortSignal): Promise<BumpOffer> {
  return apiClient.get(`/bump-offer/${id}/`, { schema: bumpOfferSchema, signal })
}

export const bumpOfferQueryOptions = (id: string) =>
  queryOptions({ queryKey: offerKeys.bump.detail(id), queryFn: ({ signal }) => getBumpOffer(id, signal) })

export function useBumpOffer(id: string | undefined) {
  return useQuery({ ...bumpOfferQueryOptions(id ?? ''), enabled: id !== undefined })
}
