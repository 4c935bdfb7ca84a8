import { randomBytes } from 'node:crypto'
import { type DomainSettings, normalizeDomain, settingsMessages } from '@funnelry/shared'
import type { Database } from '../../db/client.js'
import type { Owns } from '../../http/public-page.js'
import { ValidationError } from '../../lib/errors.js'
import { type DomainProofChecker, txtRecordFor } from './domain-proof.js'
import { type DomainRow, domainRepository } from './settings-repository.js'

type Deps = {
  db: Database
  now: () => Date
  publicUrl: string
  pagesUrl: string
  publicIp: string
  proof: DomainProofChecker
  /** Called when a domain's owner may have changed, so host lookups cached in this process drop it. */
  onChange?: (domain: string) => void
  /** Whose a free offer is (the offers module's): the default offer must be the seller's own. */
  ownsFreeOffer: Owns
}

type Update = { domain: string | null; default_offer_id?: string | null | undefined }

const hostnameOf = (url: string) => new URL(url).hostname.toLowerCase()

/**
 * Custom domains: one per seller, proven by a DNS TXT record before it serves anything
 * (docs/decisions/0004). Several sellers may claim a domain while they prove it; the proof wins.
 * Requests whose Host is a verified domain are served that seller's public pages, and the TLS
 * proxy asks `allowed` before it gets a certificate.
 */
export function createDomainService({ db, now, publicUrl, pagesUrl, publicIp, proof, onChange = () => {}, ownsFreeOffer }: Deps) {
  const platformHosts = [hostnameOf(publicUrl), hostnameOf(pagesUrl)]

  /** The platform's own hosts (and names under them) would hand its pages to one seller. */
  const isReserved = (domain: string) => platformHosts.some((host) => domain === host || domain.endsWith(`.${host}`))

  const view = (row: DomainRow | undefined): DomainSettings => ({
    domain: row?.domain ?? null,
    dns_ip: publicIp,
    txt_record: row ? txtRecordFor(row.domain, row.verificationToken) : null,
    status: row?.status ?? null,
    failure_reason: row?.failureReason ?? null,
    checked_at: row?.checkedAt?.toISOString() ?? null,
    default_offer_id: row?.defaultOfferId ?? null,
  })

  const read = async (sellerId: string) => view(await domainRepository.findBySeller(db, sellerId))

  /** Looks the record up; `failAs` is the state a missing record leaves (pending on save, failed on a check). */
  async function check(sellerId: string, row: Pick<DomainRow, 'domain' | 'verificationToken'>, failAs: 'pending' | 'failed') {
    const result = await proof(row.domain, row.verificationToken)
    await domainRepository.recordCheck(
      db,
      sellerId,
      row.domain,
      result.found ? { verified: true } : { verified: false, status: failAs, reason: failAs === 'failed' ? result.reason : null },
      now(),
    )
    onChange(row.domain)
  }

  return {
    get: read,

    /** Whether the seller's domain is proven (the getting-started checklist asks). */
    isVerified: async (sellerId: string) => (await domainRepository.findBySeller(db, sellerId))?.status === 'verified',

    async update(sellerId: string, { domain, default_offer_id: defaultOfferId }: Update): Promise<DomainSettings> {
      const current = await domainRepository.findBySeller(db, sellerId)
      if (domain === null) {
        await domainRepository.remove(db, sellerId)
        if (current) onChange(current.domain)
        return read(sellerId)
      }
      if (isReserved(domain)) throw ValidationError.field('domain', settingsMessages.domainReserved)
      if (defaultOfferId && !(await ownsFreeOffer(sellerId, defaultOfferId))) {
        throw ValidationError.field('default_offer_id', settingsMessages.defaultOffer)
      }
      if (current?.domain === domain) {
        // The same domain again keeps its token and its proof.
        if (defaultOfferId !== undefined) await domainRepository.setDefaultOffer(db, sellerId, defaultOfferId, now())
        return read(sellerId)
      }
      // One token per seller, kept when the domain changes: a record added ahead proves the next domain at once.
      const token = current?.verificationToken ?? randomBytes(16).toString('hex')
      await domainRepository.claim(db, sellerId, domain, token, defaultOfferId ?? current?.defaultOfferId ?? null, now())
      if (current) onChange(current.domain)
      // A record added before saving proves the domain at once; otherwise it waits for 'Verify'.
      await check(sellerId, { domain, verificationToken: token }, 'pending')
      return read(sellerId)
    },

    /** The seller's 'Verify' button: looks the TXT record up now. */
    async verify(sellerId: string): Promise<DomainSettings> {
      const current = await domainRepository.findBySeller(db, sellerId)
      if (!current) throw ValidationError.field('domain', settingsMessages.noDomain)
      await check(sellerId, current, 'failed')
      return read(sellerId)
    },

    /**
     * The seller whose verified domain a request's Host header is, or null. Accepts the header as
     * sent ("Shop.Example.com:443"); anything that is not a domain name belongs to nobody.
     */
    async findSellerByDomain(host: string): Promise<string | null> {
      const domain = normalizeDomain(host)
      return domain ? domainRepository.findVerifiedSellerId(db, domain) : null
    },
  }
}
export type DomainService = ReturnType<typeof createDomainService>
