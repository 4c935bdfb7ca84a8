import { describe, expect, test } from 'vitest'
import { createMemoryLimitStore } from '../../lib/limit-store.js'
import { createCardTestingLimits, defaultCardTestingLimits } from './card-testing-limits.js'

describe('card-testing limits (decision D24)', () => {
  test('an address with many declines in a minute is slowed, not refused; others and successes are never counted', async () => {
    const at = { ms: Date.parse('2026-11-26T12:00:00Z') }
    const guard = createCardTestingLimits(createMemoryLimitStore(() => new Date(at.ms)))
    const { max, delayMs, windowMs } = defaultCardTestingLimits.perAddress
    for (let n = 0; n < max - 1; n += 1) await guard.recordCardDecline(`4000000000000${String(n).padStart(3, '0')}`, '203.0.113.9')
    // Asking (every attempt asks, successful ones too) counts nothing.
    for (let n = 0; n < 100; n += 1) expect(await guard.delayFor('203.0.113.9')).toBe(0)
    await guard.recordCardDecline('4000000000009999', '203.0.113.9')
    expect(await guard.delayFor('203.0.113.9')).toBe(delayMs)
    expect(await guard.delayFor('203.0.113.10')).toBe(0)
    // A card attempt from the slowed address is still allowed: a good buyer behind it pays.
    await expect(guard.checkCardAttempt('pi_local_good', '4242424242424242')).resolves.toBeUndefined()
    at.ms += windowMs
    expect(await guard.delayFor('203.0.113.9')).toBe(0)
  })
})
