import { type Order, orderSchema } from '@funnelry/shared'
import { useQuery } from '@tanstack/react-query'
import { apiClient } from '../../../lib/api-client'
import { reportKeys } from './query-keys'

/** GET /orders/<id>/ — one order with its lines (decision D35). */
export function getOrder(id: string, signal?: AbortSignal): Promise<Order> {
  return apiClient.get(`/orders/${id}/`, { schema: orderSchema, signal })
}

export function useOrder(id: string) {
  return useQuery({ queryKey: reportKeys.order(id), queryFn: ({ signal }) => getOrder(id, signal) })
}
