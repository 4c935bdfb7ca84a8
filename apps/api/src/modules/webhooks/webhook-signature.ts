import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'

export const signatureHeader = 'x-signature'

/** A seller's signing secret, made once on first use and shown in Settings. */
export const newWebhookSecret = () => `whsec_${randomBytes(32).toString('base64url')}`

/** `X-Signature: sha256=<hex HMAC-SHA256 of the exact body>` with the seller's webhook secret. */
export function signWebhookBody(secret: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`
}

/** What a receiver does to check a delivery (used by our tests, and shown in the README). */
export function verifyWebhookSignature(secret: string, body: string, header: string | undefined): boolean {
  if (!header) return false
  const expected = Buffer.from(signWebhookBody(secret, body))
  const given = Buffer.from(header)
  return expected.length === given.length && timingSafeEqual(expected, given)
}
