import { isIPv4, isIPv6 } from 'node:net'

/**
 * Which IP addresses are reachable "on the public internet". Outgoing requests to seller-given
 * URLs (CRM webhooks) must never reach the platform's own network: loopback, private ranges,
 * link-local (which holds the cloud metadata service, 169.254.169.254) and friends.
 */

type Range4 = readonly [base: number, prefix: number]

const ipv4 = (a: number, b: number, c: number, d: number) => ((a << 24) | (b << 16) | (c << 8) | d) >>> 0

/** IPv4 ranges that are not public (IANA special-purpose registry, the ones that matter). */
const nonPublic4: readonly Range4[] = [
  [ipv4(0, 0, 0, 0), 8], // "this network"
  [ipv4(10, 0, 0, 0), 8], // private
  [ipv4(100, 64, 0, 0), 10], // carrier-grade NAT
  [ipv4(127, 0, 0, 0), 8], // loopback
  [ipv4(169, 254, 0, 0), 16], // link-local, cloud metadata
  [ipv4(172, 16, 0, 0), 12], // private
  [ipv4(192, 0, 0, 0), 24], // IETF protocol assignments
  [ipv4(192, 0, 2, 0), 24], // documentation
  [ipv4(192, 88, 99, 0), 24], // deprecated 6to4 relay
  [ipv4(192, 168, 0, 0), 16], // private
  [ipv4(198, 18, 0, 0), 15], // benchmarking
  [ipv4(198, 51, 100, 0), 24], // documentation
  [ipv4(203, 0, 113, 0), 24], // documentation
  [ipv4(224, 0, 0, 0), 4], // multicast
  [ipv4(240, 0, 0, 0), 4], // reserved, and 255.255.255.255 broadcast
]

const inRange4 = (address: number, [base, prefix]: Range4) => {
  const mask = prefix === 0 ? 0 : (0xffffffff << (32 - prefix)) >>> 0
  return (address & mask) >>> 0 === (base & mask) >>> 0
}

/** Dotted-quad IPv4 to a 32-bit number; the caller has checked the syntax. */
function parse4(address: string): number {
  const [a = 0, b = 0, c = 0, d = 0] = address.split('.').map(Number)
  return ipv4(a, b, c, d)
}

const isPublic4 = (address: number) => !nonPublic4.some((range) => inRange4(address, range))

/** IPv6 text to its eight 16-bit groups (with an IPv4 tail and `::`), or null. */
export function parseIPv6(text: string): number[] | null {
  const address = text.replace(/^\[|\]$/g, '').replace(/%.*$/, '')
  if (!isIPv6(address)) return null
  let head = address
  const tail: number[] = []
  const v4 = address.match(/:(\d+\.\d+\.\d+\.\d+)$/)
  if (v4?.[1]) {
    const value = parse4(v4[1])
    tail.push(value >>> 16, value & 0xffff)
    head = address.slice(0, address.length - v4[1].length)
    // "::1.2.3.4" leaves "::", "64:ff9b::1.2.3.4" leaves "64:ff9b::", "::ffff:1.2.3.4" leaves "::ffff:".
    if (head.endsWith(':') && !head.endsWith('::')) head = head.slice(0, -1)
  }
  const [left = '', right] = head.split('::')
  const toGroups = (part: string) => (part === '' ? [] : part.split(':').map((group) => Number.parseInt(group, 16)))
  const leftGroups = toGroups(left)
  const rightGroups = [...toGroups(right ?? ''), ...tail]
  const missing = 8 - leftGroups.length - rightGroups.length
  if (right === undefined) return missing === 0 ? [...leftGroups, ...rightGroups] : null
  return missing >= 0 ? [...leftGroups, ...new Array<number>(missing).fill(0), ...rightGroups] : null
}

const embedded4 = (high: number, low: number) => ((high << 16) | low) >>> 0

/**
 * The IPv4 address an IPv6 address carries, for every form that routes to IPv4 underneath, or
 * null. Such an address is exactly as public as the IPv4 address it embeds.
 */
function embeddedIPv4(groups: number[]): number | null {
  const [g0 = 0, g1 = 0, g2 = 0, g3 = 0, g4 = 0, g5 = 0, g6 = 0, g7 = 0] = groups
  const firstFour = g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0
  // ::a.b.c.d, IPv4-compatible (::/96, deprecated; also :: and ::1).
  if (firstFour && g4 === 0 && g5 === 0) return embedded4(g6, g7)
  // ::ffff:a.b.c.d, IPv4-mapped (::ffff:0:0/96).
  if (firstFour && g4 === 0 && g5 === 0xffff) return embedded4(g6, g7)
  // ::ffff:0:a.b.c.d, IPv4-translated (SIIT, ::ffff:0:0:0/96).
  if (firstFour && g4 === 0xffff && g5 === 0) return embedded4(g6, g7)
  // 64:ff9b::a.b.c.d, NAT64 well-known prefix (64:ff9b::/96): a gateway reaches the IPv4 address.
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0) return embedded4(g6, g7)
  // 6to4 (2002::/16) carries the IPv4 address in its next 32 bits.
  if (g0 === 0x2002) return embedded4(g1, g2)
  return null
}

/** Teredo (2001:0::/32): the server's IPv4 address, then the client's with every bit flipped. */
function teredoIPv4s(groups: number[]): [server: number, client: number] | null {
  const [g0 = 0, g1 = 0, g2 = 0, g3 = 0, , , g6 = 0, g7 = 0] = groups
  if (g0 !== 0x2001 || g1 !== 0) return null
  return [embedded4(g2, g3), ~embedded4(g6, g7) >>> 0]
}

function isPublic6(groups: number[]): boolean {
  const v4 = embeddedIPv4(groups)
  if (v4 !== null) return isPublic4(v4)
  const teredo = teredoIPv4s(groups)
  if (teredo) return teredo.every(isPublic4)
  const [g0 = 0, g1 = 0, g2 = 0, g3 = 0] = groups
  // The rest of 64:ff9b::/32: the local-use NAT64 prefix 64:ff9b:1::/48 (RFC 8215, not globally
  // reachable; where it embeds the IPv4 address depends on the local translator's prefix length,
  // so no reading of it is safe) and space not allocated at all.
  if (g0 === 0x64 && g1 === 0xff9b) return false
  if ((g0 & 0xfe00) === 0xfc00) return false // unique local fc00::/7
  if ((g0 & 0xffc0) === 0xfe80) return false // link-local fe80::/10
  if ((g0 & 0xffc0) === 0xfec0) return false // old site-local fec0::/10
  if ((g0 & 0xff00) === 0xff00) return false // multicast ff00::/8
  if (g0 === 0x2001 && g1 === 0x0db8) return false // documentation
  if (g0 === 0x2001 && g1 === 0x0002 && g2 === 0) return false // benchmarking 2001:2::/48
  if (g0 === 0x2001 && ((g1 & 0xfff0) === 0x0010 || (g1 & 0xfff0) === 0x0020)) return false // ORCHID 2001:10::/28, 2001:20::/28
  if (g0 === 0x0100 && g1 === 0 && g2 === 0 && g3 === 0) return false // discard-only 100::/64
  return true
}

/** True only for an IPv4 or IPv6 address that is routable on the public internet. */
export function isPublicIp(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '')
  if (isIPv4(bare)) return isPublic4(parse4(bare))
  const groups = parseIPv6(bare)
  return groups ? isPublic6(groups) : false
}

export const isIpLiteral = (host: string) => isIPv4(host) || parseIPv6(host) !== null
