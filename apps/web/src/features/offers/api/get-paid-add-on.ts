import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiClient } from '../../../lib/api-client'
import { offerKeys } from './offer-query-keys'
import { type PaidAddOn, type PaidAddOnKind, paidAddOnPaths, paidAddOnSchemas } from './paid-add-on-endpoints'

/** GET /bump-offer/{id}/ or /upsell-offer/{id}/ with the seller's token: the offer the edit screen starts from. */
export function getPaidAddOn<K extends PaidAddOnKind>(kind: K, id: string, signal?: AbortSignal): Promise<PaidAddOn<K>> {
  return apiClient.get(`${paidAddOnPaths[kind]}${id}/`, { schema: paidAddOnSchemas[kind], signal })
}

export const paidAddOnQueryOptions = <K extends PaidAddOnKind>(kind: K, id: string) =>
  queryOptions({ queryKey: offerKeys[kind].detail(id), queryFn: ({ signal }) => getPaidAddOn(kind, id, signal) })

export function usePaidAddOn<K extends PaidAddOnKind>(kind: K, id: string | undefined) {
  return useQuery({ ...paidAddOnQueryOptions(kind, id ?? ''), enabled: id !== undefined })
}
