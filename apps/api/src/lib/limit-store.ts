import type { Redis } from 'ioredis'

/**
 * Counters with a fixed window, and marks that expire: what the log-in limits need. In memory for
 * one process, in Redis when several processes must share them (REDIS_URL).
 */
export type LimitStore = {
  /** Counts one attempt under `key`; the window starts with the first and is never extended. */
  take(key: string, windowMs: number): Promise<{ count: number; resetInMs: number }>
  /** Takes back one attempt that turned out fine; a window that has ended is left alone. */
  giveBack(key: string): Promise<void>
  /** The attempts counted under `key` in its current window (0 when none), counting nothing. */
  peek(key: string): Promise<{ count: number; resetInMs: number }>
  remember(key: string, ttlMs: number): Promise<void>
  recalls(key: string): Promise<boolean>
}

type Entry = { count: number; expiresAt: number }

export function createMemoryLimitStore(now: () => Date = () => new Date()): LimitStore {
  const entries = new Map<string, Entry>()
  const live = (key: string) => {
    const entry = entries.get(key)
    if (entry && entry.expiresAt <= now().getTime()) {
      entries.delete(key)
      return undefined
    }
    return entry
  }
  // Expired entries are dropped when met, and all at once now and then, so memory stays bounded.
  let writes = 0
  const sweep = () => {
    writes += 1
    if (writes % 1000 !== 0) return
    const at = now().getTime()
    for (const [key, entry] of entries) if (entry.expiresAt <= at) entries.delete(key)
  }
  return {
    async take(key, windowMs) {
      sweep()
      const entry = live(key) ?? { count: 0, expiresAt: now().getTime() + windowMs }
      entry.count += 1
      entries.set(key, entry)
      return { count: entry.count, resetInMs: entry.expiresAt - now().getTime() }
    },
    async giveBack(key) {
      const entry = live(key)
      if (entry && entry.count > 0) entry.count -= 1
    },
    async peek(key) {
      const entry = live(key)
      return entry ? { count: entry.count, resetInMs: entry.expiresAt - now().getTime() } : { count: 0, resetInMs: 0 }
    },
    async remember(key, ttlMs) {
      sweep()
      entries.set(key, { count: 1, expiresAt: now().getTime() + ttlMs })
    },
    async recalls(key) {
      return live(key) !== undefined
    },
  }
}

// One script each, so a counter is never left without its expiry (a crash between two commands
// would otherwise lock an account for good).
const takeScript = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}`
const giveBackScript = `
if redis.call('EXISTS', KEYS[1]) == 1 and tonumber(redis.call('GET', KEYS[1])) > 0 then
  redis.call('DECR', KEYS[1])
end
return 0`

export function createRedisLimitStore(redis: Redis, prefix = 'funnelry:limits:'): LimitStore {
  return {
    async take(key, windowMs) {
      const [count, ttl] = (await redis.eval(takeScript, 1, prefix + key, windowMs)) as [number, number]
      return { count, resetInMs: ttl }
    },
    async giveBack(key) {
      await redis.eval(giveBackScript, 1, prefix + key)
    },
    async peek(key) {
      const [count, ttl] = await Promise.all([redis.get(prefix + key), redis.pttl(prefix + key)])
      return { count: Number(count ?? 0), resetInMs: Math.max(0, ttl) }
    },
    async remember(key, ttlMs) {
      await redis.set(prefix + key, '1', 'PX', ttlMs)
    },
    async recalls(key) {
      return (await redis.exists(prefix + key)) === 1
    },
  }
}
