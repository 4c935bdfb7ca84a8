import { Resolver } from 'node:dns/promises'

/** The TXT record a seller adds to prove a domain is theirs (docs/decisions/0004). */
export const txtRecordFor = (domain: string, token: string) => ({
  name: `_funnelry.${domain}`,
  value: `funnelry-verify=${token}`,
})

export type ProofResult = { found: true } | { found: false; reason: string }

/** DNS answers that mean "there is no such record" rather than "DNS could not be asked". */
const absentCodes = new Set(['ENOTFOUND', 'ENODATA', 'ENONAME', 'NXDOMAIN'])

/**
 * Looks the TXT record up through `dnsServer` ("ip" or "ip:port"; the system resolver when
 * absent) and says, in words the seller can act on, why a proof failed.
 */
export function createDomainProofChecker({ dnsServer }: { dnsServer?: string | undefined }) {
  return async function check(domain: string, token: string): Promise<ProofResult> {
    // A fresh resolver each time: cheap, and no state shared between concurrent checks.
    const resolver = new Resolver({ timeout: 3000, tries: 2 })
    if (dnsServer) resolver.setServers([dnsServer])
    const record = txtRecordFor(domain, token)
    let answers: string[][]
    try {
      answers = await resolver.resolveTxt(record.name)
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? ''
      if (absentCodes.has(code)) return { found: false, reason: `No TXT record was found at ${record.name}.` }
      return { found: false, reason: `The DNS lookup of ${record.name} failed (${code || 'unknown error'}); try again in a few minutes.` }
    }
    // A long TXT value arrives in 255-byte chunks; a name may hold several records.
    if (answers.some((chunks) => chunks.join('').trim() === record.value)) return { found: true }
    return { found: false, reason: `The TXT record at ${record.name} does not contain ${record.value}.` }
  }
}
export type DomainProofChecker = ReturnType<typeof createDomainProofChecker>
