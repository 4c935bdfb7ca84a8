/**
 * Which events this browser already sent to the seller's platforms, by event id, under `prefix` in
 * localStorage: a reload, Back and Forward show the same thank-you page or card form again, and
 * must not send its event again. A browser that refuses storage still sends once per page load.
 */
export function sentEvents(prefix: string) {
  const memory = new Set<string>()
  let storage: Storage | undefined
  try {
    storage = typeof window === 'undefined' ? undefined : window.localStorage
  } catch {
    storage = undefined // storage blocked: memory only
  }
  return {
    has(eventId: string) {
      try {
        return memory.has(eventId) || storage?.getItem(`${prefix}${eventId}`) === '1'
      } catch {
        return memory.has(eventId)
      }
    },
    add(eventId: string) {
      memory.add(eventId)
      try {
        storage?.setItem(`${prefix}${eventId}`, '1')
      } catch {
        // Private mode or a full storage: this page load still sends only once.
      }
    },
  }
}
