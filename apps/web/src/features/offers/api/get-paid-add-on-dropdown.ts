import { type OfferDropdownItem, offerDropdownSchema } from '@funnelry/shared'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiClient } from '../../../lib/api-client'
import { type PaidAddOnKind, paidAddOnPaths } from './paid-add-on-endpoints'
import { offerKeys } from './query-keys'

/** GET /bump-offer/dropdown/ or /upsell-offer/dropdown/ — every offer of that kind as {id, headline}, for the free offer form. */
export function getPaidAddOnDropdown(kind: PaidAddOnKind, signal?: AbortSignal): Promise<OfferDropdownItem[]> {
  return apiClient.get(`${paidAddOnPaths[kind]}dropdown/`, { schema: offerDropdownSchema, signal })
}

export const paidAddOnDropdownQueryOptions = (kind: PaidAddOnKind) =>
  queryOptions({ queryKey: offerKeys[kind].dropdown(), queryFn: ({ signal }) => getPaidAddOnDropdown(kind, signal) })

export function usePaidAddOnDropdown(kind: PaidAddOnKind) {
  return useQuery(paidAddOnDropdownQueryOptions(kind))
}
