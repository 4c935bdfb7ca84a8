import { type WebhookDelivery, webhookDeliverySchema } from '@funnelry/shared'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiClient } from '../../../lib/api-client'
import { webhookKeys } from './query-keys'

/** POST /webhook-deliveries/{id}/retry/ — answers 202 and the delivery, back to pending; 400 unless it had failed. */
export function retryWebhookDelivery(id: string): Promise<WebhookDelivery> {
  return apiClient.post(`/webhook-deliveries/${encodeURIComponent(id)}/retry/`, { schema: webhookDeliverySchema })
}

export function useRetryWebhookDelivery() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: retryWebhookDelivery,
    // Every page: the retried delivery's status changed, and a 400 means the list was out of date.
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhookKeys.deliveries() }),
  })
}
