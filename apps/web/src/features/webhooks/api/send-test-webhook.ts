import { type WebhookDelivery, webhookDeliverySchema } from '@funnelry/shared'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiClient } from '../../../lib/api-client'
import { webhookKeys } from './query-keys'

/**
 * POST /webhook-deliveries/test/ — sends one signed `webhook.test` to the saved webhook now and
 * answers 201 with its log entry, delivered or failed; 400 when no webhook is saved.
 */
export function sendTestWebhook(): Promise<WebhookDelivery> {
  return apiClient.post('/webhook-deliveries/test/', { schema: webhookDeliverySchema })
}

export function useSendTestWebhook() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: sendTestWebhook,
    // The log shows the new entry at the top of its first page.
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhookKeys.deliveries() }),
  })
}
