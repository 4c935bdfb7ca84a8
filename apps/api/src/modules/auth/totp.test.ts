import { describe, expect, it } from 'vitest'
import { base32ToBytes, codeFor, totp } from '../../../test/rfc6238.js'
import { base32Decode, base32Encode, matchingStep, newTotpSecret, otpauthUrl, stepAt } from './totp.js'

const rfcKey = Buffer.from('12345678901234567890')

describe('TOTP (RFC 6238)', () => {
  it('the tests’ generator gives the RFC’s SHA-1 test vectors', () => {
    expect(totp(rfcKey, new Date(59_000), 8)).toBe('94287082')
    expect(totp(rfcKey, new Date(1_111_111_109_000), 8)).toBe('07081804')
    expect(totp(rfcKey, new Date(2_000_000_000_000), 8)).toBe('69279037')
  })

  it('accepts the codes of the step before, the current one and the one after, and no other', () => {
    const secret = newTotpSecret()
    const key = base32Decode(secret)
    const at = new Date('2026-05-01T12:00:10Z')
    for (const offset of [-30_000, 0, 30_000]) {
      const code = codeFor(secret, new Date(at.getTime() + offset))
      expect(matchingStep(key, code, at, null)).toBe(stepAt(new Date(at.getTime() + offset)))
    }
    for (const offset of [-60_000, 60_000]) expect(matchingStep(key, codeFor(secret, new Date(at.getTime() + offset)), at, null)).toBeNull()
  })

  it('does not accept a code of a step already used, nor anything that is not 6 digits', () => {
    const secret = newTotpSecret()
    const at = new Date('2026-05-01T12:00:10Z')
    const code = codeFor(secret, at)
    expect(matchingStep(base32Decode(secret), code, at, stepAt(at))).toBeNull()
    expect(matchingStep(base32Decode(secret), `${code}0`, at, null)).toBeNull()
    expect(matchingStep(base32Decode(secret), 'abcdef', at, null)).toBeNull()
  })

  it('spells secrets in base32 as the tests’ decoder reads them, and names them in an otpauth URL', () => {
    const bytes = Buffer.from('any twenty bytes....')
    expect(base32ToBytes(base32Encode(bytes))).toEqual(bytes)
    const url = new URL(otpauthUrl('JBSWY3DPEHPK3PXP', 'ada@example.com'))
    expect(url.protocol).toBe('otpauth:')
    expect(url.host).toBe('totp')
    expect(decodeURIComponent(url.pathname)).toBe('/Funnelry:ada@example.com')
    expect(Object.fromEntries(url.searchParams)).toEqual({
      secret: 'JBSWY3DPEHPK3PXP',
      issuer: 'Funnelry',
      algorithm: 'SHA1',
      digits: '6',
      period: '30',
    })
  })
})
