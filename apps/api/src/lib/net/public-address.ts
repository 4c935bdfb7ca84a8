import type { LookupAddress } from 'node:dns'
import { lookup } from 'node:dns/promises'
import { isIpLiteral, isPublicIp } from './ip-ranges.js'

export { isPublicIp, parseIPv6 } from './ip-ranges.js'

/**
 * The webhook address rule (decisions, "Outgoing webhooks"): seller-given URLs may only point to
 * public addresses. It is checked twice: when the URL is saved (the host as written, no network)
 * and when a webhook is delivered (every address the name resolves to, right before connecting).
 */

export type AddressVerdict = { ok: true; url: URL } | { ok: false; reason: string }
export type ResolvedVerdict = { ok: true; url: URL; addresses: LookupAddress[] } | { ok: false; reason: string }

/** Name suffixes that only mean something inside a network (RFC 6761, 6762, 8375, ICANN .internal). */
const internalSuffixes = ['localhost', 'local', 'internal', 'localdomain', 'home.arpa']

function isInternalName(host: string): boolean {
  // A single label ("intranet") is resolved through the machine's search domains: internal by nature.
  if (!host.includes('.')) return true
  return internalSuffixes.some((suffix) => host === suffix || host.endsWith(`.${suffix}`))
}

/**
 * The URL's host as the WHATWG parser normalises it: decimal (2130706433), hex (0x7f000001),
 * octal (0177.0.0.1) and short (127.1) IPv4 spellings all become dotted quads, IPv6 loses its
 * brackets' variations, names are lower-cased, and a trailing dot is dropped.
 */
function parseHttpUrl(value: string): { url: URL; host: string } | null {
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return null
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null
  const host = url.hostname.replace(/^\[|\]$/g, '').replace(/\.$/, '')
  return host ? { url, host } : null
}

/** Save-time check, without the network: the host literal must be public and the name not internal. */
export function checkPublicUrl(value: string): AddressVerdict {
  const parsed = parseHttpUrl(value)
  if (!parsed) return { ok: false, reason: 'not an http(s) URL' }
  const { url, host } = parsed
  if (isIpLiteral(host)) return isPublicIp(host) ? { ok: true, url } : { ok: false, reason: `${host} is not a public address` }
  if (isInternalName(host)) return { ok: false, reason: `${host} is an internal name` }
  return { ok: true, url }
}

export type Resolver = (host: string) => Promise<LookupAddress[]>

const systemResolver: Resolver = (host) => lookup(host, { all: true, verbatim: true })

/**
 * Delivery-time check: resolves the name and requires every address to be public (one private
 * answer among public ones is how DNS tricks reach internal services). The caller should connect
 * to one of the returned addresses, not resolve again, so that the answer cannot change in between.
 */
export async function resolvePublicUrl(value: string, resolve: Resolver = systemResolver): Promise<ResolvedVerdict> {
  const verdict = checkPublicUrl(value)
  if (!verdict.ok) return verdict
  const host = verdict.url.hostname.replace(/^\[|\]$/g, '').replace(/\.$/, '')
  if (isIpLiteral(host)) return { ok: true, url: verdict.url, addresses: [{ address: host, family: host.includes(':') ? 6 : 4 }] }
  let addresses: LookupAddress[]
  try {
    addresses = await resolve(host)
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'lookup failed'
    return { ok: false, reason: `${host} does not resolve (${code})` }
  }
  if (addresses.length === 0) return { ok: false, reason: `${host} does not resolve` }
  const blocked = addresses.find((entry) => !isPublicIp(entry.address))
  if (blocked) return { ok: false, reason: `${host} resolves to ${blocked.address}, which is not a public address` }
  return { ok: true, url: verdict.url, addresses }
}
