import { type AccountStatus, accountStatusSchema } from '@funnelry/shared'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiClient } from '../../../lib/api-client'
import { settingsKeys } from './query-keys'

/** GET /stripe/account/status/ — whether the payment account can take charges; the server asks the provider each time. */
export function getAccountStatus(signal?: AbortSignal): Promise<AccountStatus> {
  return apiClient.get('/stripe/account/status/', { schema: accountStatusSchema, signal })
}

export const accountStatusQueryOptions = () =>
  queryOptions({
    queryKey: settingsKeys.paymentAccountStatus(),
    queryFn: ({ signal }) => getAccountStatus(signal),
    // The answer changes outside the app (on the provider's site), so every visit asks again.
    staleTime: 0,
  })

export function useAccountStatus(options: { enabled?: boolean } = {}) {
  return useQuery({ ...accountStatusQueryOptions(), enabled: options.enabled ?? true })
}
