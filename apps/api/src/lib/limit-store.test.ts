import { Redis } from 'ioredis'
import { afterAll, describe, expect, it } from 'vitest'
import { createTestClock } from '../../test/build-test-app.js'
import { createMemoryLimitStore, createRedisLimitStore, type LimitStore } from './limit-store.js'

/**
 * One contract, two stores. The Redis one runs against a real server when TEST_REDIS_URL is set
 * (CI sets it when a Redis server answers on 127.0.0.1:6379; see .ci/run).
 */
const redisUrl = process.env.TEST_REDIS_URL
const redis = redisUrl ? new Redis(redisUrl, { maxRetriesPerRequest: 1 }) : undefined
afterAll(() => redis?.disconnect())

const stores: { name: string; make: () => LimitStore }[] = [
  { name: 'memory', make: () => createMemoryLimitStore() },
  ...(redis ? [{ name: 'redis', make: () => createRedisLimitStore(redis, `test:${crypto.randomUUID()}:`) }] : []),
]

const waitUntil = async (check: () => Promise<boolean>) => {
  for (let tries = 0; tries < 200; tries += 1) {
    if (await check()) return
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
  throw new Error('never happened')
}

describe.each(stores)('$name limit store', ({ make }) => {
  it('counts attempts in a window that starts with the first', async () => {
    const store = make()
    const first = await store.take('a', 60_000)
    const second = await store.take('a', 60_000)
    expect(first.count).toBe(1)
    expect(second.count).toBe(2)
    expect(second.resetInMs).toBeGreaterThan(58_000)
    expect(second.resetInMs).toBeLessThanOrEqual(60_000)
    expect((await store.take('b', 60_000)).count).toBe(1)
  })

  it('takes back an attempt, never below zero', async () => {
    const store = make()
    await store.take('a', 60_000)
    await store.take('a', 60_000)
    await store.giveBack('a')
    expect((await store.take('a', 60_000)).count).toBe(2)
    await store.giveBack('a')
    await store.giveBack('a')
    await store.giveBack('a')
    expect((await store.take('a', 60_000)).count).toBe(1)
  })

  it('starts a new window once the old one is over, and forgets marks when they expire', async () => {
    const store = make()
    await store.take('short', 50)
    await store.remember('mark', 50)
    expect(await store.recalls('mark')).toBe(true)
    await waitUntil(async () => !(await store.recalls('mark')))
    expect((await store.take('short', 50)).count).toBe(1)
    expect(await store.recalls('other')).toBe(false)
  })

  it('reads a count without counting or starting a window', async () => {
    const store = make()
    expect(await store.peek('quiet')).toEqual({ count: 0, resetInMs: 0 })
    await store.take('quiet', 60_000)
    await store.take('quiet', 60_000)
    const read = await store.peek('quiet')
    expect(read.count).toBe(2)
    expect(read.resetInMs).toBeGreaterThan(58_000)
    expect((await store.peek('quiet')).count).toBe(2)
    expect((await store.take('quiet', 60_000)).count).toBe(3)
  })

  it('keeps counts right under concurrent attempts', async () => {
    const store = make()
    const counts = await Promise.all(Array.from({ length: 20 }, () => store.take('busy', 60_000)))
    expect(counts.map((result) => result.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, index) => index + 1))
  })
})

describe('memory limit store with a moved clock', () => {
  it('follows the clock it is given', async () => {
    const clock = createTestClock()
    const store = createMemoryLimitStore(clock.now)
    await store.take('a', 60_000)
    clock.advance(30_000)
    expect((await store.take('a', 60_000)).resetInMs).toBe(30_000)
    clock.advance(30_000)
    expect((await store.take('a', 60_000)).count).toBe(1)
  })
})
