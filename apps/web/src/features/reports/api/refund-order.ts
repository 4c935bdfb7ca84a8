import { type OrderRefundInput, orderSchema } from '@funnelry/shared'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiClient } from '../../../lib/api-client'
import { reportKeys } from './query-keys'

/**
 * POST /orders/<id>/refund/ (decision D35): the server refunds through the provider and answers the
 * order as it now is. The order's view takes the answer; every list is refreshed (statuses moved).
 */
export function useRefundOrder(orderId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: OrderRefundInput) => apiClient.post(`/orders/${orderId}/refund/`, { body: input, schema: orderSchema }),
    onSuccess: (order) => {
      queryClient.setQueryData(reportKeys.order(orderId), order)
      return queryClient.invalidateQueries({ queryKey: reportKeys.all, predicate: (query) => query.queryKey[1] !== 'order' })
    },
  })
}
