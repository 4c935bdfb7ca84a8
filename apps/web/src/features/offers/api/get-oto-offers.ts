import { defaultPageSize, type UpsellOfferList, upsellOfferListSchema } from '@funnelry/shared'
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { apiClient } from '../../../lib/api-client'
import { offerKeys } from './offer-query-keys'

/** GET /upsell-offer/ — one page of the seller's OTO offers, newest first. */
export function getOtoOffers(page: number, signal?: AbortSignal): Promise<UpsellOfferList> {
  return apiClient.get('/upsell-offer/', { params: { page, page_size: defaultPageSize }, schema: upsellOfferListSchema, signal })
}

export const otoOffersQueryOptions = (page: number) =>
  queryOptions({
    queryKey: offerKeys.oto.list(page),
    queryFn: ({ signal }) => getOtoOffers(page, signal),
    placeholderData: keepPreviousData,
  })

export function useOtoOffers(page: number) {
  return useQuery(otoOffersQueryOptions(page))
}
