import { type BumpOfferList, bumpOfferListSchema, defaultPageSize } from '@funnelry/shared'
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { apiClient } from '../../../lib/api-client'
import { offerKeys } from './offer-query-keys'

/** GET /bump-offer/ — one page of the seller's BUMP offers, newest first. */
export function getBumpOffers(page: number, signal?: AbortSignal): Promise<BumpOfferList> {
  return apiClient.get('/bump-offer/', { params: { page, page_size: defaultPageSize }, schema: bumpOfferListSchema, signal })
}

export const bumpOffersQueryOptions = (page: number) =>
  queryOptions({
    queryKey: offerKeys.bump.list(page),
    queryFn: ({ signal }) => getBumpOffers(page, signal),
    placeholderData: keepPreviousData,
  })

export function useBumpOffers(page: number) {
  return useQuery(bumpOffersQueryOptions(page))
}
