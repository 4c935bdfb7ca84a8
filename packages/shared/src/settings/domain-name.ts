/**
 * Custom domains are typed by people in many shapes ("https://Shop.Example.com/", "shop.example.com:8443").
 * Both sides reduce them to the bare lower-case host name that a browser sends in `Host`, so the
 * stored value is what host-based routing and the TLS proxy compare against.
 */

const schemePattern = /^[a-z][a-z0-9+.-]*:\/\//i
const labelPattern = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/

/** The normalised host name, or null when the value is not a usable domain. */
export function normalizeDomain(value: string): string | null {
  const trimmed = value.trim()
  if (trimmed === '' || /\s/.test(trimmed)) return null
  let url: URL
  try {
    url = new URL(schemePattern.test(trimmed) ? trimmed : `http://${trimmed}`)
  } catch {
    return null
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null
  // Credentials in the value mean it was not a domain the person meant to give.
  if (url.username || url.password) return null
  // The URL parser lower-cases, turns IDNs into punycode and drops the default port.
  const host = url.hostname.replace(/\.$/, '')
  return isDomainName(host) ? host : null
}

/** A DNS name with at least two labels whose last label is not numeric (so no IP addresses). */
export function isDomainName(host: string): boolean {
  if (host.length === 0 || host.length > 253) return false
  const labels = host.split('.')
  if (labels.length < 2) return false
  if (!labels.every((label) => labelPattern.test(label))) return false
  return !/^[0-9]+$/.test(labels[labels.length - 1] ?? '')
}
