import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiClient } from '../../../lib/api-client'
import { type PaidAddOn, type PaidAddOnKind, paidAddOnPaths, paidAddOnSchemas } from './paid-add-on-endpoints'
import { offerKeys } from './query-keys'

/** GET /bump-offer/{id}/ or /upsell-offer/{id}/ with the seller's token: the offer the edit screen starts from. */
export function getPaidAddOn<K extends PaidAddOnKind>(kind: K, id: string, signal?: AbortSignal): Promise<PaidAddOn<K>> {
  return apiClient.get(`${paidAddOnPaths[kind]}${id}/`, { schema: paidAddOnSchemas[kind], signal })
}

export const paidAddOnQueryOptions = <K extends PaidAddOnKind>(kind: K, id: string) =>
  queryOptions({ queryKey: offerKeys[kind].detail(id), queryFn: ({ signal }) => getPaidAddOn(kind, id, signal) })

/** The offer of that kind and id, with the seller's token; nothing is asked while there is no id. */
export function usePaidAddOn<K extends PaidAddOnKind>(kind: K, id: string | null | undefined) {
  return useQuery({ ...paidAddOnQueryOptions(kind, id ?? ''), enabled: typeof id === 'string' })
}
