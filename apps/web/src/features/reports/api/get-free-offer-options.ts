import { freeOfferSchema, maxPageSize, paginatedSchema } from '@funnelry/shared'
import { queryOptions, useQuery } from '@tanstack/react-query'
import type { z } from 'zod'
import { apiClient } from '../../../lib/api-client'
import { reportKeys } from './report-keys'

/** Only what the offer filter shows; the rest of each offer is dropped when parsing. */
export const freeOfferOptionSchema = freeOfferSchema.pick({ id: true, headline: true })
export type FreeOfferOption = z.infer<typeof freeOfferOptionSchema>
const freeOfferOptionListSchema = paginatedSchema(freeOfferOptionSchema)

/**
 * GET /free-product/?page_size=100 — the filter's choices. There is no free offer dropdown call,
 * so the first (newest) 100 offers stand in for it.
 */
export async function getFreeOfferOptions(signal?: AbortSignal): Promise<FreeOfferOption[]> {
  const list = await apiClient.get('/free-product/', {
    params: { page: 1, page_size: maxPageSize },
    schema: freeOfferOptionListSchema,
    signal,
  })
  return list.results
}

export const freeOfferOptionsQueryOptions = () =>
  queryOptions({
    queryKey: reportKeys.offerOptions(),
    queryFn: ({ signal }) => getFreeOfferOptions(signal),
  })

export function useFreeOfferOptions() {
  return useQuery(freeOfferOptionsQueryOptions())
}
