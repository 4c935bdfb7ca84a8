import type { Database } from '../../db/client.js'
import type { SellerChanges } from '../../lib/seller-changes.js'
import { splitTestRepository as repo, type SplitTestWithVariants } from './split-test-repository.js'

type Entry = { sellerId: string | null; value: SplitTestWithVariants | null }

const maxEntries = 10_000

/**
 * Which offers have a split test running, with its arms, cached per process like the public views
 * (lib/seller-cache.ts): every page view asks, and nearly every answer is "none", so "none" is
 * cached too. A test's entry goes when its seller changes anything; a "none" goes on any change
 * (it does not know its seller, and a change that starts a test is rare next to page views).
 */
export function createRunningTests(db: Database, changes: SellerChanges) {
  const entries = new Map<string, Entry>()
  changes.subscribe((sellerId) => {
    if (sellerId === null) entries.clear()
    else for (const [key, entry] of entries) if (entry.sellerId === sellerId || entry.sellerId === null) entries.delete(key)
  })
  const load = async (offerId: string): Promise<SplitTestWithVariants | null> => (await repo.running(db, offerId)) ?? null

  return {
    /** Only what is cached now: undefined when unknown (or while changes may be missed), null for "no test". */
    peek(offerId: string): SplitTestWithVariants | null | undefined {
      return changes.live ? entries.get(offerId)?.value : undefined
    },
    async get(offerId: string): Promise<SplitTestWithVariants | null> {
      if (!changes.live) return load(offerId)
      const cached = entries.get(offerId)
      if (cached) return cached.value
      const generation = changes.generation
      const value = await load(offerId)
      // A change that landed while this load ran may not be in it: use it once, do not keep it.
      if (changes.live && changes.generation === generation) {
        if (entries.size >= maxEntries) entries.delete(entries.keys().next().value as string)
        entries.set(offerId, { sellerId: value?.test.sellerId ?? null, value })
      }
      return value
    },
  }
}
export type RunningTests = ReturnType<typeof createRunningTests>
