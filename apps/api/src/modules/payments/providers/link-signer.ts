import { createHmac, timingSafeEqual } from 'node:crypto'
import path from 'node:path'
import type { Config } from '../../../config.js'
import { readOrCreateSecret } from '../../../db/embedded.js'

/**
 * Onboarding links are opened by the seller's browser coming back from the provider, without our
 * bearer token (Stripe's refresh_url, the local onboarding page). The account id in such a link is
 * therefore signed: only links we issued can open onboarding for an account.
 */
export type LinkSigner = {
  sign(purpose: string, value: string): string
  verify(purpose: string, value: string, token: string | undefined): boolean
}

export function createLinkSigner(key: string): LinkSigner {
  const mac = (purpose: string, value: string) => createHmac('sha256', key).update(`${purpose}\n${value}`).digest('base64url')
  return {
    sign: mac,
    verify(purpose, value, token) {
      if (!token) return false
      const expected = Buffer.from(mac(purpose, value))
      const given = Buffer.from(token)
      return given.length === expected.length && timingSafeEqual(given, expected)
    },
  }
}

/**
 * The key every process of one installation shares: derived from JWT_SECRET when set (several
 * machines), else kept next to the JWT secret in DATA_DIR (one machine), like the JWT secret itself.
 */
export async function loadLinkSigningKey(config: Config): Promise<string> {
  if (config.JWT_SECRET) return createHmac('sha256', config.JWT_SECRET).update('funnelry payment links').digest('base64url')
  return readOrCreateSecret(path.join(config.dataDir, 'secrets', 'payment-link-key'))
}
