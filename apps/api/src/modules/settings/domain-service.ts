import { type DomainSettings, normalizeDomain, settingsMessages } from '@funnelry/shared'
import type { Database } from '../../db/client.js'
import { ValidationError } from '../../lib/errors.js'
import { domainRepository } from './settings-repository.js'

type Deps = { db: Database; now: () => Date; publicUrl: string; publicIp: string }

/** PostgreSQL's unique_violation, wherever the driver or the ORM nests it. */
function isUniqueViolation(error: unknown): boolean {
  let current: unknown = error
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth += 1) {
    if ('code' in current && current.code === '23505') return true
    current = 'cause' in current ? current.cause : undefined
  }
  return false
}

/**
 * Custom domains: one per seller, one seller per domain. Requests whose Host is a seller's domain
 * are served that seller's public pages, and the TLS proxy asks `allowed` before it gets a
 * certificate, so a stored domain is trusted for both.
 */
export function createDomainService({ db, now, publicUrl, publicIp }: Deps) {
  const platformHost = new URL(publicUrl).hostname.toLowerCase()

  /** The platform's own host (and names under it) would hand its pages to one seller. */
  const isReserved = (domain: string) => domain === platformHost || domain.endsWith(`.${platformHost}`)

  return {
    async get(sellerId: string): Promise<DomainSettings> {
      return { domain: await domainRepository.findBySeller(db, sellerId), dns_ip: publicIp }
    },

    async update(sellerId: string, domain: string | null): Promise<DomainSettings> {
      if (domain === null) {
        await domainRepository.remove(db, sellerId)
        return { domain: null, dns_ip: publicIp }
      }
      if (isReserved(domain)) throw ValidationError.field('domain', settingsMessages.domainReserved)
      const owner = await domainRepository.findSellerId(db, domain)
      if (owner && owner !== sellerId) throw ValidationError.field('domain', settingsMessages.domainTaken)
      try {
        await domainRepository.save(db, sellerId, domain, now())
      } catch (error) {
        // Another seller saved the same domain between the check and the write.
        if (isUniqueViolation(error)) throw ValidationError.field('domain', settingsMessages.domainTaken)
        throw error
      }
      return { domain, dns_ip: publicIp }
    },

    /**
     * The seller a request's Host header belongs to, or null. Accepts the header as sent
     * ("Shop.Example.com:443"); anything that is not a domain name belongs to nobody.
     */
    async findSellerByDomain(host: string): Promise<string | null> {
      const domain = normalizeDomain(host)
      return domain ? domainRepository.findSellerId(db, domain) : null
    },
  }
}
export type DomainService = ReturnType<typeof createDomainService>
