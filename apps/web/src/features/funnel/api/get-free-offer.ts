import { type FreeOffer, freeOfferSchema } from '@funnelry/shared'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiClient } from '../../../lib/api-client'
import { readInlinedOffer } from '../lib/inlined-offer'

/** GET /free-product/{id}/ — the public read, sent without auth (spec section 6). */
export function getFreeOffer(id: string, signal?: AbortSignal): Promise<FreeOffer> {
  return apiClient.get(`/free-product/${id}/`, { auth: false, schema: freeOfferSchema, signal })
}

export const freeOfferQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['funnel', 'free-offer', id],
    queryFn: ({ signal }) => getFreeOffer(id, signal),
    // The server may have inlined this very offer into the HTML: render it at once.
    initialData: () => readInlinedOffer(id),
  })

export function useFreeOffer(id: string) {
  return useQuery(freeOfferQueryOptions(id))
}
