/** The CRM webhook's query keys (its settings are the store settings' part, under the settings feature's keys). */
export const webhookKeys = {
  all: ['webhooks'] as const,
  deliveries: () => [...webhookKeys.all, 'deliveries'] as const,
  deliveryPage: (page: number) => [...webhookKeys.deliveries(), page] as const,
}
