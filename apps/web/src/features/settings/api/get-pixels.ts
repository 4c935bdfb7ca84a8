import { type Pixel, pixelListSchema } from '@funnelry/shared'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiClient } from '../../../lib/api-client'
import { settingsKeys } from './query-keys'

/** GET /advertising-pixel/ — the seller's pixels, oldest first. */
export function getPixels(signal?: AbortSignal): Promise<Pixel[]> {
  return apiClient.get('/advertising-pixel/', { schema: pixelListSchema, signal })
}

export const pixelsQueryOptions = () =>
  queryOptions({
    queryKey: settingsKeys.pixels(),
    queryFn: ({ signal }) => getPixels(signal),
  })

export function usePixels() {
  return useQuery(pixelsQueryOptions())
}
