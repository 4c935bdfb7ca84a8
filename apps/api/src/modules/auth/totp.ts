import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'

/** RFC 6238 as authenticator apps use it: HMAC-SHA1, 30-second steps, 6 digits. */
export const totpStepSeconds = 30
const digits = 6
/** A code of the step before or after the current one is accepted too: clocks drift and people type slowly. */
const windowSteps = 1

const base32Alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'

/** RFC 4648 base32 without padding: what otpauth:// URLs and apps expect. */
export function base32Encode(bytes: Uint8Array): string {
  let bits = 0
  let value = 0
  let out = ''
  for (const byte of bytes) {
    value = (value << 8) | byte
    bits += 8
    while (bits >= 5) {
      out += base32Alphabet[(value >>> (bits - 5)) & 31]
      bits -= 5
    }
  }
  if (bits > 0) out += base32Alphabet[(value << (5 - bits)) & 31]
  return out
}

export function base32Decode(text: string): Buffer {
  const clean = text.replace(/[\s=]/g, '').toUpperCase()
  let bits = 0
  let value = 0
  const out: number[] = []
  for (const char of clean) {
    const index = base32Alphabet.indexOf(char)
    if (index < 0) throw new Error('not base32')
    value = (value << 5) | index
    bits += 5
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255)
      bits -= 8
    }
  }
  return Buffer.from(out)
}

/** 20 random bytes (160 bits, RFC 4226's recommended length), in base32. */
export const newTotpSecret = () => base32Encode(randomBytes(20))

export const stepAt = (at: Date) => Math.floor(at.getTime() / 1000 / totpStepSeconds)

/** The code of one time step (RFC 4226's HOTP with the step as counter). */
export function codeForStep(secret: Buffer, step: number): string {
  const counter = Buffer.alloc(8)
  counter.writeBigUInt64BE(BigInt(step))
  const hmac = createHmac('sha1', secret).update(counter).digest()
  const offset = (hmac[hmac.length - 1] ?? 0) & 0x0f
  const binary = hmac.readUInt32BE(offset) & 0x7fffffff
  return String(binary % 10 ** digits).padStart(digits, '0')
}

/**
 * The step whose code `code` is, within ±1 step of `at` and after `lastUsedStep` (a code is never
 * accepted twice), or null. Every candidate is compared, in constant time, whatever matched.
 */
export function matchingStep(secret: Buffer, code: string, at: Date, lastUsedStep: number | null): number | null {
  if (!/^\d{6}$/.test(code)) return null
  const given = Buffer.from(code)
  const current = stepAt(at)
  let found: number | null = null
  for (let step = current - windowSteps; step <= current + windowSteps; step++) {
    const matches = timingSafeEqual(Buffer.from(codeForStep(secret, step)), given)
    if (matches && found === null && (lastUsedStep === null || step > lastUsedStep)) found = step
  }
  return found
}

/** The otpauth:// URL authenticator apps read from a QR code (Google Authenticator's key URI format). */
export function otpauthUrl(secret: string, accountName: string, issuer = 'Funnelry'): string {
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(accountName)}`
  const query = new URLSearchParams({ secret, issuer, algorithm: 'SHA1', digits: String(digits), period: String(totpStepSeconds) })
  return `otpauth://totp/${label}?${query.toString()}`
}
