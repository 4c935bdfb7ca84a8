import { optionListSchema } from '@funnelry/shared'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiClient } from '../../../lib/api-client'
import { authKeys } from './query-keys'

/** GET /seller/staff-members/ — read by the sign-up page, where there is no session yet. */
export function getStaffMembers(signal?: AbortSignal): Promise<string[]> {
  return apiClient.get('/seller/staff-members/', { auth: false, schema: optionListSchema, signal })
}

export const staffMembersQueryOptions = () =>
  queryOptions({
    queryKey: authKeys.staffMembers(),
    queryFn: ({ signal }) => getStaffMembers(signal),
    // The list is reference data: one read per visit is enough.
    staleTime: Number.POSITIVE_INFINITY,
  })

export function useStaffMembers() {
  return useQuery(staffMembersQueryOptions())
}
