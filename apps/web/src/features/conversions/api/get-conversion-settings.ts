import { type ConversionSettings, conversionSettingsSchema } from '@funnelry/shared'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiClient } from '../../../lib/api-client'
import { conversionKeys } from './query-keys'

/** GET /conversions-api/ — the seller's Meta and GA4 settings; secrets only as `has_…` flags. */
export function getConversionSettings(signal?: AbortSignal): Promise<ConversionSettings> {
  return apiClient.get('/conversions-api/', { schema: conversionSettingsSchema, signal })
}

export const conversionSettingsQueryOptions = () =>
  queryOptions({ queryKey: conversionKeys.settings(), queryFn: ({ signal }) => getConversionSettings(signal) })

export function useConversionSettings() {
  return useQuery(conversionSettingsQueryOptions())
}
