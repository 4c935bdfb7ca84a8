import { type WebhookDeliveryList, webhookDeliveryListSchema } from '@funnelry/shared'
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { apiClient } from '../../../lib/api-client'
import { webhookKeys } from './query-keys'

export const webhookDeliveriesPageSize = 10

/** While a delivery on the page is still being attempted, look again this often (ms). */
const pendingRefetchInterval = 15_000

/** GET /webhook-deliveries/ — the CRM webhook delivery log, newest first, each with its latest attempt. */
export function getWebhookDeliveries(page: number, signal?: AbortSignal): Promise<WebhookDeliveryList> {
  return apiClient.get('/webhook-deliveries/', {
    params: { page, page_size: webhookDeliveriesPageSize },
    schema: webhookDeliveryListSchema,
    signal,
  })
}

export const webhookDeliveriesQueryOptions = (page: number) =>
  queryOptions({
    queryKey: webhookKeys.deliveryPage(page),
    queryFn: ({ signal }) => getWebhookDeliveries(page, signal),
    placeholderData: keepPreviousData,
    // A pending delivery ends delivered or failed in the background; show it when it does.
    refetchInterval: (query) =>
      query.state.data?.results.some((delivery) => delivery.status === 'pending') ? pendingRefetchInterval : false,
  })

export function useWebhookDeliveries(page: number) {
  return useQuery(webhookDeliveriesQueryOptions(page))
}
