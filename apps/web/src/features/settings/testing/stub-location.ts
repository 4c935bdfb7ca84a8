import { vi } from 'vitest'

/**
 * The test page cannot leave, so `window.location` is swapped for a copy whose `assign` only
 * records the address. Undo with `vi.unstubAllGlobals()`.
 */
export function stubLocationAssign() {
  const assign = vi.fn<(url: string) => void>()
  const { href, origin, protocol, host, hostname, port, pathname, search, hash } = window.location
  vi.stubGlobal('location', {
    href,
    origin,
    protocol,
    host,
    hostname,
    port,
    pathname,
    search,
    hash,
    assign,
    replace: vi.fn(),
    reload: vi.fn(),
  })
  return assign
}
