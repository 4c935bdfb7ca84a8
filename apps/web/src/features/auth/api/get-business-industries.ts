import { optionListSchema } from '@funnelry/shared'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiClient } from '../../../lib/api-client'
import { authKeys } from './query-keys'

/** GET /seller/business-industries/ — read by the sign-up page, where there is no session yet. */
export function getBusinessIndustries(signal?: AbortSignal): Promise<string[]> {
  return apiClient.get('/seller/business-industries/', { auth: false, schema: optionListSchema, signal })
}

export const businessIndustriesQueryOptions = () =>
  queryOptions({
    queryKey: authKeys.businessIndustries(),
    queryFn: ({ signal }) => getBusinessIndustries(signal),
    // The list is reference data: one read per visit is enough.
    staleTime: Number.POSITIVE_INFINITY,
  })

export function useBusinessIndustries() {
  return useQuery(businessIndustriesQueryOptions())
}
