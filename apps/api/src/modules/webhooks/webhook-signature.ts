import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'

/**
 * CRM webhook signatures (docs/decisions, "Standard Webhooks"). Every delivery carries two:
 * Standard Webhooks' `webhook-id`, `webhook-timestamp` and `webhook-signature`, which receivers
 * verify with that standard's libraries and which covers the time it was sent (so a captured
 * delivery cannot be replayed later), and our earlier `X-Signature`, kept for receivers built on it.
 */

export const signatureHeader = 'x-signature'
const prefix = 'whsec_'

/**
 * A seller's signing secret, made once on first use and shown in Settings: `whsec_` and 24 random
 * bytes in base64, as Standard Webhooks has it. Bytes whose base64 holds `+` or `/` are drawn again,
 * so the secret reads the same in base64url, the spelling `X-Signature` is keyed with.
 */
export function newWebhookSecret(): string {
  for (;;) {
    const encoded = randomBytes(24).toString('base64')
    if (!/[+/]/.test(encoded)) return `${prefix}${encoded}`
  }
}

/**
 * The key bytes: the base64 after `whsec_`. Secrets made before Standard Webhooks were written in
 * base64url without padding; Node's base64 decoder reads both alphabets, so both name their bytes.
 */
const keyOf = (secret: string) => Buffer.from(secret.startsWith(prefix) ? secret.slice(prefix.length) : secret, 'base64')

/** The secret as Settings shows it: standard base64, which Standard Webhooks' libraries decode. */
export const shownSecret = (stored: string) => `${prefix}${keyOf(stored).toString('base64')}`

/**
 * `X-Signature`'s key: the secret spelt in base64url. For secrets made since Standard Webhooks that
 * is the very text Settings shows; for older ones it is the text Settings showed when they were made,
 * so receivers built on it keep verifying.
 */
const legacyKey = (stored: string) => `${prefix}${keyOf(stored).toString('base64url')}`

/** `X-Signature: sha256=<hex HMAC-SHA256 of the exact body>`. */
export function signWebhookBody(secret: string, body: string): string {
  return `sha256=${createHmac('sha256', legacyKey(secret)).update(body).digest('hex')}`
}

/** What an `X-Signature` receiver does to check a delivery (used by our tests, and shown in the README). */
export function verifyWebhookSignature(secret: string, body: string, header: string | undefined): boolean {
  if (!header) return false
  const expected = Buffer.from(signWebhookBody(secret, body))
  const given = Buffer.from(header)
  return expected.length === given.length && timingSafeEqual(expected, given)
}

/**
 * Standard Webhooks headers for one attempt: the delivery id (the same on every attempt, what
 * receivers dedupe on), the attempt's time in Unix seconds, and `v1,<base64 HMAC-SHA256 of
 * "id.timestamp.body">` keyed with the secret's bytes.
 */
export function standardWebhookHeaders(secret: string, deliveryId: string, sentAt: Date, body: string): Record<string, string> {
  const timestamp = Math.floor(sentAt.getTime() / 1000).toString()
  const signature = createHmac('sha256', keyOf(secret)).update(`${deliveryId}.${timestamp}.${body}`).digest('base64')
  return { 'webhook-id': deliveryId, 'webhook-timestamp': timestamp, 'webhook-signature': `v1,${signature}` }
}
