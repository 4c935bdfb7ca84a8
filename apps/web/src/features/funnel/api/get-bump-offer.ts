import { type BumpOffer, bumpOfferSchema } from '@funnelry/shared'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiClient } from '../../../lib/api-client'

/** GET /bump-offer/{id}/ with the seller's token: only the draft preview reads a bump on its own. */
export function getBumpOffer(id: string, signal?: AbortSignal): Promise<BumpOffer> {
  return apiClient.get(`/bump-offer/${id}/`, { schema: bumpOfferSchema, signal })
}

export const bumpOfferQueryOptions = (id: string) =>
  queryOptions({ queryKey: ['funnel', 'bump-offer', id], queryFn: ({ signal }) => getBumpOffer(id, signal) })

export function useBumpOffer(id: string | null) {
  return useQuery({ ...bumpOfferQueryOptions(id ?? ''), enabled: id !== null })
}
