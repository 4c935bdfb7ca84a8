import { type OfferDropdownItem, offerDropdownSchema } from '@funnelry/shared'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiClient } from '../../../lib/api-client'
import { offerKeys } from './offer-query-keys'

/** GET /upsell-offer/dropdown/ — every OTO offer of the seller as {id, headline}, for the free offer form. */
export function getOtoOfferDropdown(signal?: AbortSignal): Promise<OfferDropdownItem[]> {
  return apiClient.get('/upsell-offer/dropdown/', { schema: offerDropdownSchema, signal })
}

export const otoOfferDropdownQueryOptions = () =>
  queryOptions({ queryKey: offerKeys.oto.dropdown(), queryFn: ({ signal }) => getOtoOfferDropdown(signal) })

export function useOtoOfferDropdown() {
  return useQuery(otoOfferDropdownQueryOptions())
}
