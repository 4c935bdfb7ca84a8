import { defaultPageSize, type FreeOfferList, freeOfferListSchema } from '@funnelry/shared'
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { apiClient } from '../../../lib/api-client'
import { offerKeys } from './offer-query-keys'

/** GET /free-product/ — one page of the seller's free offers, newest first. */
export function getFreeOffers(page: number, signal?: AbortSignal): Promise<FreeOfferList> {
  return apiClient.get('/free-product/', { params: { page, page_size: defaultPageSize }, schema: freeOfferListSchema, signal })
}

export const freeOffersQueryOptions = (page: number) =>
  queryOptions({
    queryKey: offerKeys.free.list(page),
    queryFn: ({ signal }) => getFreeOffers(page, signal),
    // The current page stays on screen while the next one loads, so the grid does not collapse.
    placeholderData: keepPreviousData,
  })

export function useFreeOffers(page: number) {
  return useQuery(freeOffersQueryOptions(page))
}
