import { createHmac } from 'node:crypto'

/**
 * A TOTP generator written from RFC 6238 (HMAC-SHA1, 30-second steps) for the tests, apart from
 * the product's own (modules/auth/totp.ts): the product must agree with the standard, not with itself.
 */
export function base32ToBytes(secret: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'
  let bits = ''
  for (const char of secret.replace(/=+$/, '').toUpperCase()) bits += alphabet.indexOf(char).toString(2).padStart(5, '0')
  const bytes: number[] = []
  for (let i = 0; i + 8 <= bits.length; i += 8) bytes.push(Number.parseInt(bits.slice(i, i + 8), 2))
  return Buffer.from(bytes)
}

/** RFC 4226 section 5.3 with T = floor(unix seconds / 30) as the counter (RFC 6238 section 4.2). */
export function totp(key: Buffer, at: Date, digits = 6): string {
  const counter = Buffer.alloc(8)
  counter.writeBigUInt64BE(BigInt(Math.floor(at.getTime() / 1000 / 30)))
  const hash = createHmac('sha1', key).update(counter).digest()
  const offset = (hash[19] ?? 0) & 0xf
  const code =
    (((hash[offset] ?? 0) & 0x7f) << 24) | ((hash[offset + 1] ?? 0) << 16) | ((hash[offset + 2] ?? 0) << 8) | (hash[offset + 3] ?? 0)
  return String(code % 10 ** digits).padStart(digits, '0')
}

/** The code an authenticator app shows for the base32 secret `secret` at `at`. */
export const codeFor = (secret: string, at: Date) => totp(base32ToBytes(secret), at)
