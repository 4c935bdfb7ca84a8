import { accessClaimsSchema } from '@funnelry/shared'
import type { AuthUser } from '../../../lib/auth-context'

/**
 * The seller named by an access token, or null when it is not a readable token. The signature
 * is not checked here: the server checks it on every call, the browser only displays the claims.
 */
export function userFromToken(token: string): AuthUser | null {
  const payload = token.split('.')[1]
  if (!payload) return null
  try {
    const base64 = payload
      .replaceAll('-', '+')
      .replaceAll('_', '/')
      .padEnd(Math.ceil(payload.length / 4) * 4, '=')
    // Claims are UTF-8 (names such as "Zoë"); atob alone would return Latin-1 characters.
    const json = new TextDecoder().decode(Uint8Array.from(atob(base64), (char) => char.charCodeAt(0)))
    const parsed = accessClaimsSchema.safeParse(JSON.parse(json))
    return parsed.success ? parsed.data : null
  } catch {
    return null
  }
}
