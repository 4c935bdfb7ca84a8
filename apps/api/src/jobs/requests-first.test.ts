import { describe, expect, it } from 'vitest'
import { createRequestsFirst } from './requests-first.js'

describe('requests before background jobs', () => {
  it('lets a dispatcher run one job at a time while requests wait, and all its slots again after', () => {
    let now = 1_000
    const gate = createRequestsFirst({ holdMs: 250, now: () => now })
    expect(gate.allowed(100)).toBe(100)
    gate.requestsWaiting()
    expect(gate.allowed(100)).toBe(1)
    expect(gate.allowed(4)).toBe(1)
    now += 249
    expect(gate.allowed(20)).toBe(1)
    // Another waiting request extends the hold; once none waited for holdMs, full speed again.
    gate.requestsWaiting()
    now += 249
    expect(gate.allowed(20)).toBe(1)
    now += 1
    expect(gate.allowed(20)).toBe(20)
  })
})
