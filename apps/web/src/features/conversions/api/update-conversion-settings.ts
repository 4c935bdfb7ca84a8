import { type ConversionSettings, type ConversionSettingsInput, conversionSettingsSchema } from '@funnelry/shared'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiClient } from '../../../lib/api-client'
import { conversionKeys } from './query-keys'

/** PUT /conversions-api/ — a secret left out keeps the saved one; empty or null removes it. */
export function updateConversionSettings(input: ConversionSettingsInput): Promise<ConversionSettings> {
  return apiClient.put('/conversions-api/', { body: input, schema: conversionSettingsSchema })
}

export function useUpdateConversionSettings() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateConversionSettings,
    onSuccess: (saved) => queryClient.setQueryData(conversionKeys.settings(), saved),
  })
}
