import { type StoreSettings, type StoreSettingsPatch, storeSettingsSchema } from '@funnelry/shared'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiClient } from '../../../lib/api-client'
import { storeSettingsQueryOptions } from './get-store-settings'

/**
 * PATCH /store-settings/{userId}/ — the Webhook form and the Company Data form share this call;
 * each sends only its own fields, so saving one never overwrites the other's stored values.
 */
export function updateStoreSettings(userId: string, patch: StoreSettingsPatch): Promise<StoreSettings> {
  return apiClient.patch(`/store-settings/${encodeURIComponent(userId)}/`, { body: patch, schema: storeSettingsSchema })
}

export function useUpdateStoreSettings(userId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (patch: StoreSettingsPatch) => updateStoreSettings(userId, patch),
    onSuccess: (saved) => queryClient.setQueryData(storeSettingsQueryOptions(userId).queryKey, saved),
  })
}
