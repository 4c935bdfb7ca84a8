import { type DomainSettings, domainSettingsSchema } from '@funnelry/shared'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiClient } from '../../../lib/api-client'
import { settingsKeys } from './query-keys'

/** GET /domain-settings/{userId}/ — the custom domain and the IP its DNS A record must point to (decision D8). */
export function getDomainSettings(userId: string, signal?: AbortSignal): Promise<DomainSettings> {
  return apiClient.get(`/domain-settings/${encodeURIComponent(userId)}/`, { schema: domainSettingsSchema, signal })
}

export const domainSettingsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: settingsKeys.domain(userId),
    queryFn: ({ signal }) => getDomainSettings(userId, signal),
  })

export function useDomainSettings(userId: string) {
  return useQuery(domainSettingsQueryOptions(userId))
}
