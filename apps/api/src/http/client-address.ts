import { parseIPv6 } from '../lib/net/public-address.js'

/**
 * The client a request counts against (rate limits, lead capture, log-in and card-testing limits).
 * IPv6 clients are grouped by their /56, the smallest block one subscriber usually gets (one
 * person has billions of /128 addresses). A client that hung up before its turn (an aborted
 * upload) has no address any more: it is counted as one anonymous client rather than failing the
 * request with a TypeError.
 */
export function clientAddressKey(request: { ip: string | undefined }): string {
  const { ip } = request
  if (!ip) return 'no-address'
  const groups = ip.includes(':') ? parseIPv6(ip) : null
  if (!groups) return ip.toLowerCase()
  const [g0 = 0, g1 = 0, g2 = 0, g3 = 0, g4 = 0, g5 = 0, g6 = 0, g7 = 0] = groups
  // An IPv4-mapped address is that IPv4 client.
  if (g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0xffff) {
    return [g6 >> 8, g6 & 0xff, g7 >> 8, g7 & 0xff].join('.')
  }
  return `${[g0, g1, g2, g3 & 0xff00].map((group) => group.toString(16)).join(':')}::/56`
}
