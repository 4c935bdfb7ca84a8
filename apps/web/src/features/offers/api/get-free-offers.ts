import { defaultPageSize, freeOfferListSchema, freeOfferSchema, maxPageSize, paginatedSchema } from '@funnelry/shared'
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import type { z } from 'zod'
import { type ApiResult, apiClient, type QueryParams } from '../../../lib/api-client'
import { type OfferListFilters, offerListParams } from '../lib/offer-list-params'
import { offerKeys } from './query-keys'

/** GET /free-product/ — one page of the seller's free offers (newest first unless `ordering` says otherwise); `schema` may keep fewer fields of each. */
export function getFreeOffers<S extends z.ZodType>(
  params: QueryParams & { page: number; page_size: number },
  schema: S,
  signal?: AbortSignal,
): Promise<ApiResult<S>> {
  return apiClient.get('/free-product/', { params, schema, signal })
}

export const freeOffersQueryOptions = (filters: OfferListFilters) =>
  queryOptions({
    queryKey: offerKeys.free.list(filters),
    queryFn: ({ signal }) => getFreeOffers({ ...offerListParams(filters), page_size: defaultPageSize }, freeOfferListSchema, signal),
    // The current page stays on screen while the next one loads, so the grid does not collapse.
    placeholderData: keepPreviousData,
  })

export function useFreeOffers(filters: OfferListFilters) {
  return useQuery(freeOffersQueryOptions(filters))
}

/** Only what a choice of offer shows; the rest of each offer is dropped when parsing. */
const freeOfferChoiceSchema = freeOfferSchema.pick({ id: true, headline: true })
export type FreeOfferChoice = z.infer<typeof freeOfferChoiceSchema>
const freeOfferChoiceListSchema = paginatedSchema(freeOfferChoiceSchema)

/**
 * The newest 100 free offers as {id, headline}: the choices of the reports' offer filter and of a
 * domain's root page. There is no free offer dropdown call, so the first page stands in for it.
 */
export const freeOfferChoicesQueryOptions = () =>
  queryOptions({
    queryKey: offerKeys.free.choices(),
    queryFn: async ({ signal }) => (await getFreeOffers({ page: 1, page_size: maxPageSize }, freeOfferChoiceListSchema, signal)).results,
  })

export function useFreeOfferChoices() {
  return useQuery(freeOfferChoicesQueryOptions())
}
