import { type OrderList, type OrderListQuery, orderListSchema } from '@funnelry/shared'
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { apiClient } from '../../../lib/api-client'
import { reportKeys } from './query-keys'

/** GET /orders/ — one page of the seller's orders, newest first, filtered. */
export function getOrders(query: OrderListQuery, signal?: AbortSignal): Promise<OrderList> {
  return apiClient.get('/orders/', { params: query, schema: orderListSchema, signal })
}

export const ordersQueryOptions = (query: OrderListQuery) =>
  queryOptions({
    queryKey: reportKeys.orders(query),
    queryFn: ({ signal }) => getOrders(query, signal),
    placeholderData: keepPreviousData,
  })

export function useOrders(query: OrderListQuery) {
  return useQuery(ordersQueryOptions(query))
}
