/** The query parameter of the log-in screen naming where a deep link was going (issue 22). */
export const nextParam = 'next'

const base = 'http://funnelry.invalid'

/**
 * Where to go after log-in: the `next` path, only when it is a path of this app's own origin
 * (never `//evil.example`, `/\evil.example` or `https://…`, which would send a fresh session to
 * another site), and never the log-in screen itself. null otherwise.
 */
export function safeNextPath(value: string | null): string | null {
  if (!value?.startsWith('/') || value.startsWith('//') || value.includes('\\')) return null
  let url: URL
  try {
    url = new URL(value, base)
  } catch {
    return null
  }
  if (url.origin !== base || url.pathname === '/') return null
  return `${url.pathname}${url.search}${url.hash}`
}

/** The log-in screen's address that comes back to `path` after log-in. */
export const loginWithNext = (path: string) => (safeNextPath(path) ? `/?${nextParam}=${encodeURIComponent(path)}` : '/')
