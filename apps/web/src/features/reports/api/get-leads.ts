import { type LeadList, type LeadListQuery, leadListSchema } from '@funnelry/shared'
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { apiClient } from '../../../lib/api-client'
import { reportKeys } from './query-keys'

/** GET /leads/ — one page of the seller's leads, newest first, filtered. */
export function getLeads(query: LeadListQuery, signal?: AbortSignal): Promise<LeadList> {
  return apiClient.get('/leads/', { params: query, schema: leadListSchema, signal })
}

export const leadsQueryOptions = (query: LeadListQuery) =>
  queryOptions({
    queryKey: reportKeys.leads(query),
    queryFn: ({ signal }) => getLeads(query, signal),
    // The rows stay on screen (dimmed) while another page or filter loads.
    placeholderData: keepPreviousData,
  })

export function useLeads(query: LeadListQuery) {
  return useQuery(leadsQueryOptions(query))
}
