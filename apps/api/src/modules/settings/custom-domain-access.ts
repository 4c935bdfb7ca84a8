import { normalizeDomain } from '@funnelry/shared'
import type { Database } from '../../db/client.js'
import { domainRepository } from './settings-repository.js'

const cacheMs = 30_000
/** Any Host header can be sent; the cache must not grow with made-up names. */
const cacheLimit = 10_000

/**
 * Which seller a request's custom domain is, and which offer its root shows. What the request may
 * reach there is declared by each route (http/public-page.ts), with the ownership checks of the
 * modules that own the rows. The platform's own hosts are told apart before this is asked
 * (plugins/host-routing.ts).
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
  }
}
export type CustomDomainAccess = ReturnType<typeof createCustomDomainAccess>
