import { type StoreSettings, storeSettingsSchema } from '@funnelry/shared'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiClient } from '../../../lib/api-client'
import { settingsKeys } from './query-keys'

/** GET /store-settings/{userId}/ — the CRM webhook, the company links and the webhook signing secret. */
export function getStoreSettings(userId: string, signal?: AbortSignal): Promise<StoreSettings> {
  return apiClient.get(`/store-settings/${encodeURIComponent(userId)}/`, { schema: storeSettingsSchema, signal })
}

export const storeSettingsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: settingsKeys.store(userId),
    queryFn: ({ signal }) => getStoreSettings(userId, signal),
  })

export function useStoreSettings(userId: string) {
  return useQuery(storeSettingsQueryOptions(userId))
}
