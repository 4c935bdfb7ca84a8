import { type FreeOffer, freeOfferSchema } from '@funnelry/shared'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiClient } from '../../../lib/api-client'
import { offerKeys } from './query-keys'

/**
 * GET /free-product/{id}/. The edit screen sends the seller's token: the download `url` is only
 * returned to the owner. The public page reads it without auth (spec section 6).
 */
export function getFreeOffer(id: string, { auth = true, signal }: { auth?: boolean; signal?: AbortSignal } = {}): Promise<FreeOffer> {
  return apiClient.get(`/free-product/${id}/`, { auth, schema: freeOfferSchema, signal })
}

export const freeOfferQueryOptions = (id: string) =>
  queryOptions({ queryKey: offerKeys.free.detail(id), queryFn: ({ signal }) => getFreeOffer(id, { signal }) })

export function useFreeOffer(id: string | undefined) {
  return useQuery({ ...freeOfferQueryOptions(id ?? ''), enabled: id !== undefined })
}
