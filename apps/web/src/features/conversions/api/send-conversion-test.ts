import { type ConversionTestResponse, conversionTestResponseSchema } from '@funnelry/shared'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiClient } from '../../../lib/api-client'
import { conversionKeys } from './query-keys'

/** POST /conversions-api/test/ — a test event to each configured platform now, with each one's answer. */
export function sendConversionTest(): Promise<ConversionTestResponse> {
  return apiClient.post('/conversions-api/test/', { schema: conversionTestResponseSchema })
}

export function useSendConversionTest() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: sendConversionTest,
    // The log shows the test events at the top of its first page.
    onSettled: () => queryClient.invalidateQueries({ queryKey: conversionKeys.deliveries() }),
  })
}
