import { freeOfferSchema, maxPageSize, paginatedSchema } from '@funnelry/shared'
import { queryOptions, useQuery } from '@tanstack/react-query'
import type { z } from 'zod'
import { apiClient } from '../../../lib/api-client'

/** Only what the default offer choice shows. */
const offerChoiceSchema = freeOfferSchema.pick({ id: true, headline: true })
export type OfferChoice = z.infer<typeof offerChoiceSchema>

/** GET /free-product/?page_size=100 — the newest offers, the choices for a domain's root page. */
export async function getOfferChoices(signal?: AbortSignal): Promise<OfferChoice[]> {
  const list = await apiClient.get('/free-product/', {
    params: { page: 1, page_size: maxPageSize },
    schema: paginatedSchema(offerChoiceSchema),
    signal,
  })
  return list.results
}

export const offerChoicesQueryOptions = () =>
  queryOptions({ queryKey: ['settings', 'offer-choices'], queryFn: ({ signal }) => getOfferChoices(signal) })

export function useOfferChoices() {
  return useQuery(offerChoicesQueryOptions())
}
