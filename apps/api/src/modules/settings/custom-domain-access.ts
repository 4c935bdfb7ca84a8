import { isUuid, normalizeDomain } from '@funnelry/shared'
import type { Database } from '../../db/client.js'
import { customDomainRepository } from './custom-domain-repository.js'
import { domainRepository } from './settings-repository.js'

const cacheMs = 30_000
/** Any Host header can be sent; the cache must not grow with made-up names. */
const cacheLimit = 10_000

/**
 * Decides what a request arriving on a seller's custom domain may reach: that seller's public
 * offer pages and the calls those pages make, never another seller's offers, never the dashboard.
 * Requests on the platform's own host (PUBLIC_URL, localhost) are not restricted here.
 */
export function createCustomDomainAccess({
  db,
  publicUrl,
  now = () => Date.now(),
}: {
  db: Database
  publicUrl: string
  now?: () => number
}) {
  const platformHosts = new Set([new URL(publicUrl).hostname.toLowerCase(), 'localhost', '127.0.0.1', '::1'])
  // Every asset of a page asks; a short cache keeps that off the database. A domain moved to
  // another seller takes effect within cacheMs on every process.
  const cache = new Map<string, { sellerId: string | null; until: number }>()
  // Host headers already seen to name the platform (or no domain at all): most requests skip
  // parsing the name (a hot path for public reads). Bounded, since any header can be sent.
  const platformHeaders = new Set<string>()

  return {
    /** The seller whose custom domain this Host is, or null (platform host or unknown host). */
    async sellerForHost(hostHeader: string | undefined): Promise<string | null> {
      if (hostHeader && platformHeaders.has(hostHeader)) return null
      const domain = hostHeader ? normalizeDomain(hostHeader) : null
      if (!domain || platformHosts.has(domain)) {
        if (hostHeader && platformHeaders.size < 100) platformHeaders.add(hostHeader)
        return null
      }
      const cached = cache.get(domain)
      if (cached && cached.until > now()) return cached.sellerId
      const sellerId = await domainRepository.findSellerId(db, domain)
      if (cache.size >= cacheLimit) cache.clear()
      cache.set(domain, { sellerId, until: now() + cacheMs })
      return sellerId
    },

    ownsFreeOffer: async (sellerId: string, id: string) =>
      isUuid(id) && (await customDomainRepository.freeOfferSeller(db, id)) === sellerId,
    ownsUpsellOffer: async (sellerId: string, id: string) =>
      isUuid(id) && (await customDomainRepository.upsellOfferSeller(db, id)) === sellerId,
    ownsIntent: async (sellerId: string, intentId: string) =>
      isUuid(intentId) && (await customDomainRepository.orderSeller(db, intentId)) === sellerId,
  }
}
export type CustomDomainAccess = ReturnType<typeof createCustomDomainAccess>
