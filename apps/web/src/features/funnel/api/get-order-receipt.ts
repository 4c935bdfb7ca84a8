import { type OrderReceipt, orderReceiptSchema } from '@funnelry/shared'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiClient } from '../../../lib/api-client'

/** How often, and how many times, a receipt still waiting for its payment's event is read again. */
export const receiptPollMs = 2000
const maxPolls = 30

/** GET /order-receipts/{reference}/ — no auth: the random, short-lived reference is the key. */
export function getOrderReceipt(reference: string, signal?: AbortSignal): Promise<OrderReceipt> {
  return apiClient.get(`/order-receipts/${encodeURIComponent(reference)}/`, { auth: false, schema: orderReceiptSchema, signal })
}

export const orderReceiptQueryOptions = (reference: string) =>
  queryOptions({
    queryKey: ['funnel', 'order-receipt', reference],
    queryFn: ({ signal }) => getOrderReceipt(reference, signal),
    // An unknown or expired reference stays so: asking again changes nothing.
    retry: false,
    // Stripe can confirm in the browser before its event reaches the server: read again for a minute.
    refetchInterval: (query) => (query.state.data?.status === 'pending' && query.state.dataUpdateCount < maxPolls ? receiptPollMs : false),
  })

export function useOrderReceipt(reference: string | null) {
  return useQuery({ ...orderReceiptQueryOptions(reference ?? ''), enabled: reference !== null })
}
