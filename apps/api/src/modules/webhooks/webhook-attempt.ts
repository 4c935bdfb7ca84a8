import type { FinishedAttempt, StartedAttempt } from './webhook-repository.js'
import { BlockedAddressError, postJson, type SendResult } from './webhook-sender.js'
import { signatureHeader, signWebhookBody, standardWebhookHeaders } from './webhook-signature.js'

export type AttemptResult = {
  outcome: FinishedAttempt['outcome']
  delivered: boolean
  /** Worth trying again later: the network, a timeout, a 5xx, 408 or 429 (never a refused address). */
  retryable: boolean
}

const retryableStatus = (status: number) => status >= 500 || status === 408 || status === 429

/**
 * The error as the log keeps it. Node's connection errors to a name with several addresses are
 * an AggregateError with an empty message: its code (ECONNREFUSED) is what says what happened.
 */
function errorDetail(error: unknown): string {
  if (!(error instanceof Error)) return String(error)
  const code = 'code' in error && typeof error.code === 'string' ? error.code : undefined
  if (code && !error.message.includes(code)) return error.message ? `${code}: ${error.message}` : code
  return error.message || error.name
}

/** Sends one logged attempt of a delivery, signed with the seller's secret, and says how it went. */
export async function sendAttempt(started: StartedAttempt, secret: string, allowPrivate: boolean): Promise<AttemptResult> {
  const { delivery } = started
  const body = JSON.stringify(delivery.payload)
  const sentAt = Date.now()
  const headers = {
    ...standardWebhookHeaders(secret, delivery.id, new Date(sentAt), body),
    [signatureHeader]: signWebhookBody(secret, body),
    'x-funnelry-event': delivery.event,
    'x-funnelry-delivery': delivery.id,
    'user-agent': 'Funnelry-Webhooks/1.0',
  }
  let result: SendResult | undefined
  let failure: string | null = null
  let blocked = false
  try {
    result = await postJson(delivery.url, body, headers, { allowPrivate })
  } catch (error) {
    failure = errorDetail(error)
    blocked = error instanceof BlockedAddressError
  }
  const outcome = { statusCode: result?.statusCode ?? null, error: failure, durationMs: Date.now() - sentAt }
  const delivered = result !== undefined && result.statusCode >= 200 && result.statusCode < 300
  const retryable = !delivered && !blocked && (result === undefined || retryableStatus(result.statusCode))
  return { outcome, delivered, retryable }
}
