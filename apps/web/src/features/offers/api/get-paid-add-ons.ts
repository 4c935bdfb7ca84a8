import { defaultPageSize } from '@funnelry/shared'
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { apiClient } from '../../../lib/api-client'
import { type OfferListFilters, offerListParams } from '../lib/offer-list-params'
import { type PaidAddOnKind, type PaidAddOnList, paidAddOnListSchemas, paidAddOnPaths } from './paid-add-on-endpoints'
import { offerKeys } from './query-keys'

/** GET /bump-offer/ or /upsell-offer/ — one page of the seller's offers of that kind, searched, ordered, active or archived. */
export function getPaidAddOns<K extends PaidAddOnKind>(
  kind: K,
  filters: OfferListFilters,
  signal?: AbortSignal,
): Promise<PaidAddOnList<K>> {
  const params = { ...offerListParams(filters), page_size: defaultPageSize }
  // The list schema of kind K parses to a page of kind K's offers; TypeScript cannot follow that through the lookup.
  return apiClient.get(paidAddOnPaths[kind], { params, schema: paidAddOnListSchemas[kind], signal }) as Promise<PaidAddOnList<K>>
}

export const paidAddOnsQueryOptions = <K extends PaidAddOnKind>(kind: K, filters: OfferListFilters) =>
  queryOptions({
    queryKey: offerKeys[kind].list(filters),
    queryFn: ({ signal }) => getPaidAddOns(kind, filters, signal),
    placeholderData: keepPreviousData,
  })

export function usePaidAddOns<K extends PaidAddOnKind>(kind: K, filters: OfferListFilters) {
  return useQuery(paidAddOnsQueryOptions(kind, filters))
}
