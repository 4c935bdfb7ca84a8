import type { SellerChanges } from './seller-changes.js'

type Entry<T> = { sellerId: string; value: T }

/**
 * An in-process cache of values that belong to one seller (a public offer view, the offer a lead
 * opts in to), dropped whenever that seller's data changes in any process. It serves only while
 * the change listener is connected; otherwise every call loads (never stale, only slower).
 * Unknown keys are not cached. At most `maxEntries` values, the oldest dropped first.
 */
export function createSellerCache<T>(
  changes: SellerChanges,
  load: (key: string) => Promise<Entry<T> | undefined>,
  { maxEntries = 10_000 }: { maxEntries?: number } = {},
) {
  const entries = new Map<string, Entry<T>>()
  changes.subscribe((sellerId) => {
    if (sellerId === null) entries.clear()
    else for (const [key, entry] of entries) if (entry.sellerId === sellerId) entries.delete(key)
  })

  return {
    /** The cached value, without loading: undefined when absent or while changes may be missed. */
    peek(key: string): T | undefined {
      return changes.live ? entries.get(key)?.value : undefined
    },
    async get(key: string): Promise<T | undefined> {
      if (!changes.live) return (await load(key))?.value
      const cached = entries.get(key)
      if (cached) return cached.value
      const generation = changes.generation
      const loaded = await load(key)
      // A change that landed while this load ran may not be in it: use it once, do not keep it.
      if (loaded && changes.live && changes.generation === generation) {
        if (entries.size >= maxEntries) entries.delete(entries.keys().next().value as string)
        entries.set(key, loaded)
      }
      return loaded?.value
    },
  }
}
export type SellerCache<T> = ReturnType<typeof createSellerCache<T>>
