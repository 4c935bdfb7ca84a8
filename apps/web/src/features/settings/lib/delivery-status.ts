import type { WebhookDelivery } from '@funnelry/shared'

type Status = WebhookDelivery['status']

export const deliveryStatusLabels: Record<Status, string> = { pending: 'Pending', delivered: 'Delivered', failed: 'Failed' }

export const deliveryStatusColors = { pending: 'default', delivered: 'success', failed: 'error' } as const satisfies Record<Status, string>

export const deliveryToasts = {
  retried: 'Delivery queued again.',
  retryFailed: 'The delivery could not be queued again.',
} as const

/** What the receiver answered last: its HTTP status (and message), or why no answer came. */
export function lastAttemptText(attempt: WebhookDelivery['last_attempt']): string {
  if (!attempt) return 'No attempt yet'
  if (attempt.status_code === null) return attempt.error ?? 'No answer'
  return attempt.error ? `HTTP ${attempt.status_code}: ${attempt.error}` : `HTTP ${attempt.status_code}`
}
