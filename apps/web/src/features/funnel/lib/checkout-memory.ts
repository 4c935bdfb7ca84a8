import type { VisitorDetails } from '@funnelry/shared'
import type { VisitorDetailsValues } from '@funnelry/shared/funnel/visitor-details-rules'

/** The funnel's screens, each a browser history entry (issue 22): Back and reload return to them. */
export type FunnelStep = 'offer' | 'upsell' | 'payment'

/**
 * What a reload must not lose (issue 22): what the visitor typed and chose, and the order behind
 * the page, so that a reload continues that order instead of leaving a stale Pending twin. Never
 * anything of the card: the provider's form holds it and a reload clears it.
 */
export type CheckoutMemory = {
  typed: VisitorDetailsValues
  /** The details as last submitted (decision D20: the order has them), null before. */
  submitted: VisitorDetails | null
  detailsOpen: boolean
  bump: boolean
  upsell: 'unseen' | 'accepted' | 'skipped'
  /** The order's id (the `intent_id` of the intent calls), null before the first call. */
  intentId: string | null
}

type Stored = CheckoutMemory & { savedAt: number }

/**
 * Kept in sessionStorage: one tab's visit. A new tab starts afresh, and so does this tab after an
 * hour (the receipt's lifetime, docs/decisions/0008), or once the order is complete.
 */
export const checkoutMemoryLifetimeMs = 60 * 60 * 1000

const keyOf = (offerId: string) => `fy-checkout:${offerId}`

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage
  } catch {
    // Storage disabled (privacy settings): the page works, a reload starts afresh.
    return null
  }
}

const isText = (value: unknown): value is string => typeof value === 'string'
const isDetails = (value: unknown): value is VisitorDetails =>
  typeof value === 'object' && value !== null && 'full_name' in value && 'email' in value && isText(value.full_name) && isText(value.email)

/** What another version of the page stored is checked field by field; anything odd is dropped. */
function parse(raw: string, now: number): CheckoutMemory | null {
  let value: Partial<Stored>
  try {
    value = JSON.parse(raw)
  } catch {
    return null
  }
  if (typeof value !== 'object' || value === null || typeof value.savedAt !== 'number') return null
  if (now - value.savedAt > checkoutMemoryLifetimeMs || value.savedAt > now) return null
  const upsell = value.upsell === 'accepted' || value.upsell === 'skipped' ? value.upsell : 'unseen'
  return {
    typed: isDetails(value.typed) ? { full_name: value.typed.full_name, email: value.typed.email } : { full_name: '', email: '' },
    submitted: isDetails(value.submitted) ? { full_name: value.submitted.full_name, email: value.submitted.email } : null,
    detailsOpen: value.detailsOpen === true,
    bump: value.bump === true,
    upsell,
    intentId: isText(value.intentId) ? value.intentId : null,
  }
}

/**
 * Whether this document is the visitor coming back (a reload, Back or Forward) rather than a new
 * visit: opening the offer's link again, even in the same tab, starts afresh (issue 22). Without
 * the browser's navigation entry (tests' DOM), it counts as coming back.
 */
export function cameBack(): boolean {
  if (typeof performance === 'undefined' || typeof performance.getEntriesByType !== 'function') return true
  const [entry] = performance.getEntriesByType('navigation')
  return !(entry && 'type' in entry && entry.type === 'navigate')
}

export const checkoutMemory = {
  /** The visit to continue: only when the visitor came back to this document (reload, Back, Forward). */
  read(offerId: string, now = Date.now()): CheckoutMemory | null {
    // A new visit never opens the tab's storage: the first use of sessionStorage waits on the
    // browser (tens of milliseconds on a slow phone), inside the offer page's first script.
    if (!cameBack()) return null
    const raw = storage()?.getItem(keyOf(offerId))
    return raw ? parse(raw, now) : null
  },
  save(offerId: string, memory: CheckoutMemory, now = Date.now()): void {
    try {
      storage()?.setItem(keyOf(offerId), JSON.stringify({ ...memory, savedAt: now } satisfies Stored))
    } catch {
      // Over quota: a reload starts afresh, nothing else changes.
    }
  },
  forget(offerId: string): void {
    storage()?.removeItem(keyOf(offerId))
  },
}

/** The step a history entry stands for, under a key of its own beside the router's state. */
export const stepStateKey = 'fyStep'

export function stepOf(state: unknown): FunnelStep {
  const step = typeof state === 'object' && state !== null && stepStateKey in state ? state[stepStateKey] : undefined
  return step === 'upsell' || step === 'payment' ? step : 'offer'
}
