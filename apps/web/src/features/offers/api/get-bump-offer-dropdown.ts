import { type OfferDropdownItem, offerDropdownSchema } from '@funnelry/shared'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiClient } from '../../../lib/api-client'
import { offerKeys } from './offer-query-keys'

/** GET /bump-offer/dropdown/ — every BUMP offer of the seller as {id, headline}, for the free offer form. */
export function getBumpOfferDropdown(signal?: AbortSignal): Promise<OfferDropdownItem[]> {
  return apiClient.get('/bump-offer/dropdown/', { schema: offerDropdownSchema, signal })
}

export const bumpOfferDropdownQueryOptions = () =>
  queryOptions({ queryKey: offerKeys.bump.dropdown(), queryFn: ({ signal }) => getBumpOfferDropdown(signal) })

export function useBumpOfferDropdown() {
  return useQuery(bumpOfferDropdownQueryOptions())
}
