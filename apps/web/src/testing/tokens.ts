import type { AccessClaims } from '@funnelry/shared'
import { saveTokens } from '../lib/token-storage'

export const testUser: AccessClaims = { user_id: 'seller-1', full_name: 'Ada Lovelace', email: 'ada@example.com' }

const base64Url = (value: string) =>
  btoa(String.fromCharCode(...new TextEncoder().encode(value)))
    .replaceAll('=', '')
    .replaceAll('+', '-')
    .replaceAll('/', '_')

/** A token the browser can read (the browser never checks signatures; the mock API does not either). */
export function fakeAccessToken(claims: Partial<AccessClaims> = {}, extra: Record<string, unknown> = {}): string {
  const header = base64Url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))
  const payload = base64Url(JSON.stringify({ ...testUser, ...claims, token_type: 'access', ...extra }))
  return `${header}.${payload}.signature`
}

/** Stores a session as a log-in would; returns the tokens for assertions on Authorization headers. */
export function signIn(claims: Partial<AccessClaims> = {}, rememberMe = true) {
  const tokens = { access: fakeAccessToken(claims), refresh: 'refresh-token' }
  saveTokens(tokens, rememberMe)
  return tokens
}
