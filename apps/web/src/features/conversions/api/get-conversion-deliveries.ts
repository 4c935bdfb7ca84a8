import { type ConversionDeliveryList, conversionDeliveryListSchema } from '@funnelry/shared'
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { apiClient } from '../../../lib/api-client'
import { conversionKeys } from './query-keys'

export const conversionDeliveriesPageSize = 10

/** While an event on the page is still being sent, look again this often (ms). */
const pendingRefetchInterval = 15_000

/** GET /conversions-api/deliveries/ — the server events sent to the ad platforms, newest first. */
export function getConversionDeliveries(page: number, signal?: AbortSignal): Promise<ConversionDeliveryList> {
  return apiClient.get('/conversions-api/deliveries/', {
    params: { page, page_size: conversionDeliveriesPageSize },
    schema: conversionDeliveryListSchema,
    signal,
  })
}

export const conversionDeliveriesQueryOptions = (page: number) =>
  queryOptions({
    queryKey: conversionKeys.deliveryPage(page),
    queryFn: ({ signal }) => getConversionDeliveries(page, signal),
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.results.some((delivery) => delivery.status === 'pending') ? pendingRefetchInterval : false,
  })

export function useConversionDeliveries(page: number) {
  return useQuery(conversionDeliveriesQueryOptions(page))
}
