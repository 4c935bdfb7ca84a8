import { type DomainSettings, type DomainSettingsPatch, domainSettingsSchema } from '@funnelry/shared'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiClient } from '../../../lib/api-client'
import { domainSettingsQueryOptions } from './get-domain-settings'

/** PATCH /domain-settings/{userId}/ — a host name sets the domain, null clears it; 400 bodies are keyed by field. */
export function updateDomainSettings(userId: string, patch: DomainSettingsPatch): Promise<DomainSettings> {
  return apiClient.patch(`/domain-settings/${encodeURIComponent(userId)}/`, { body: patch, schema: domainSettingsSchema })
}

export function useUpdateDomainSettings(userId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (patch: DomainSettingsPatch) => updateDomainSettings(userId, patch),
    onSuccess: (saved) => queryClient.setQueryData(domainSettingsQueryOptions(userId).queryKey, saved),
  })
}
