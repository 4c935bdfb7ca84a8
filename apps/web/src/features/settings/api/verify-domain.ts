import { type DomainSettings, domainSettingsSchema } from '@funnelry/shared'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiClient } from '../../../lib/api-client'
import { domainSettingsQueryOptions } from './get-domain-settings'

/** POST /domain-settings/{userId}/verify/ — looks the TXT record up now and answers the domain's new state. */
export function verifyDomain(userId: string): Promise<DomainSettings> {
  return apiClient.post(`/domain-settings/${encodeURIComponent(userId)}/verify/`, { schema: domainSettingsSchema })
}

export function useVerifyDomain(userId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => verifyDomain(userId),
    onSuccess: (checked) => queryClient.setQueryData(domainSettingsQueryOptions(userId).queryKey, checked),
  })
}
