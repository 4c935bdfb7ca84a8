import type { WebhookDelivery } from '@funnelry/shared'

type Status = WebhookDelivery['status']

export const deliveryStatusLabels: Record<Status, string> = { pending: 'Pending', delivered: 'Delivered', failed: 'Failed' }

export const deliveryStatusColors = { pending: 'default', delivered: 'success', failed: 'error' } as const satisfies Record<Status, string>

export const deliveryToasts = {
  retried: 'Delivery queued again.',
  retryFailed: 'The delivery could not be queued again.',
} as const

export const sendTestToasts = {
  delivered: 'Test sent: your CRM accepted it.',
  failed: (reason: string | null | undefined) => `Test failed: ${reason ?? 'your CRM did not accept it.'}`,
  notSent: 'The test could not be sent.',
} as const

/** Who or what the delivery was for, from what it carried: the lead, the order's total, the offer. */
export function subjectText({ event, subject }: Pick<WebhookDelivery, 'event' | 'subject'>): string | null {
  const who = subject.email && subject.full_name ? `${subject.full_name} (${subject.email})` : (subject.email ?? subject.full_name)
  if (event === 'webhook.test') return who ? `Sample lead: ${who}` : 'Sample lead'
  const order = subject.amount ? `Order of ${subject.amount} ${subject.currency ?? ''}`.trim() : null
  const forWhom = order ? (who ? `${order} by ${who}` : order) : who ? `Lead: ${who}` : null
  return [forWhom, subject.offer_headline].filter((part) => part !== null).join(' · ') || null
}

/** How the last attempt went, in plain words: the server's reason when it failed. */
export function lastAttemptText(attempt: WebhookDelivery['last_attempt']): string {
  if (!attempt) return 'No attempt yet'
  if (attempt.reason) return attempt.reason
  return attempt.status_code === null ? 'No answer' : `Accepted (HTTP ${attempt.status_code})`
}

/** The technical detail behind the reason, for whoever set up the CRM: the HTTP status or the network error. */
export function attemptDetail(attempt: WebhookDelivery['last_attempt']): string | null {
  if (!attempt) return null
  if (attempt.status_code === null) return attempt.error
  return attempt.error ? `HTTP ${attempt.status_code}: ${attempt.error}` : `HTTP ${attempt.status_code}`
}
