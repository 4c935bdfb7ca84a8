import { isUuid, normalizeDomain } from '@funnelry/shared'
import type { Database } from '../../db/client.js'
import { customDomainRepository } from './custom-domain-repository.js'
import { domainRepository } from './settings-repository.js'

const cacheMs = 30_000
/** Any Host header can be sent; the cache must not grow with made-up names. */
const cacheLimit = 10_000

/**
 * Decides what a request arriving on a seller's verified custom domain may reach: that seller's
 * public offer pages and the calls those pages make, never another seller's offers, never the
 * dashboard. The platform's own hosts are told apart before this is asked (plugins/host-routing.ts).
 */
export function createCustomDomainAccess({ db, now = () => Date.now() }: { db: Database; now?: () => number }) {
  // Every asset of a page asks; a short cache keeps that off the database. A domain proven by
  // another seller takes effect within cacheMs on every process (at once on the one that checked).
  const cache = new Map<string, { sellerId: string | null; until: number }>()

  return {
    /** The seller who has proven this Host as their domain, or null (unknown, pending or failed). */
    async sellerForHost(hostHeader: string | undefined): Promise<string | null> {
      const domain = hostHeader ? normalizeDomain(hostHeader) : null
      if (!domain) return null
      const cached = cache.get(domain)
      if (cached && cached.until > now()) return cached.sellerId
      const sellerId = await domainRepository.findVerifiedSellerId(db, domain)
      if (cache.size >= cacheLimit) cache.clear()
      cache.set(domain, { sellerId, until: now() + cacheMs })
      return sellerId
    },

    /** Drops a domain from this process's cache after its owner or state changed. */
    forget: (domain: string) => {
      cache.delete(domain)
    },

    /** The free offer the root `/` of the seller's domain shows, if they chose one. */
    defaultOffer: async (sellerId: string) => (await domainRepository.findBySeller(db, sellerId))?.defaultOfferId ?? null,

    ownsFreeOffer: async (sellerId: string, id: string) =>
      isUuid(id) && (await customDomainRepository.freeOfferSeller(db, id)) === sellerId,
    ownsUpsellOffer: async (sellerId: string, id: string) =>
      isUuid(id) && (await customDomainRepository.upsellOfferSeller(db, id)) === sellerId,
    ownsIntent: async (sellerId: string, intentId: string) =>
      isUuid(intentId) && (await customDomainRepository.orderSeller(db, intentId)) === sellerId,
  }
}
export type CustomDomainAccess = ReturnType<typeof createCustomDomainAccess>
