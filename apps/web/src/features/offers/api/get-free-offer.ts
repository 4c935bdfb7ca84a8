import { type FreeOffer, freeOfferSchema } from '@funnelry/shared'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiClient } from '../../../lib/api-client'
import { offerKeys } from './offer-query-keys'

/** GET /free-product/{id}/ — sent with auth: the download `url` is only returned to the owner. */
export function getFreeOffer(id: string, signal?: AbortSignal): Promise<FreeOffer> {
  return apiClient.get(`/free-product/${id}/`, { schema: freeOfferSchema, signal })
}

export const freeOfferQueryOptions = (id: string) =>
  queryOptions({ queryKey: offerKeys.free.detail(id), queryFn: ({ signal }) => getFreeOffer(id, signal) })

export function useFreeOffer(id: string | undefined) {
  return useQuery({ ...freeOfferQueryOptions(id ?? ''), enabled: id !== undefined })
}
