import { cameBack } from './checkout-memory'

/**
 * The order this tab has just paid for on an offer page (docs/decisions/0030): Back, Forward or a
 * reload shows a note leading to its receipt instead of an empty form that would take a second
 * payment; opening the offer's link again starts afresh, as for a checkout (issue 22). Kept in
 * sessionStorage for an hour (the receipt's lifetime); only the order's thank-you reference.
 */
export const paidVisitLifetimeMs = 60 * 60 * 1000

const keyOf = (offerId: string) => `fy-paid:${offerId}`

/** Paid in this document: the offer page shown again here can only be Back within the app. */
let paidInThisDocument = false

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage
  } catch {
    // Storage disabled (privacy settings): the page shows its form, as before.
    return null
  }
}

export const paidVisit = {
  remember(offerId: string, orderReference: string, now = Date.now()): void {
    paidInThisDocument = true
    try {
      storage()?.setItem(keyOf(offerId), JSON.stringify({ reference: orderReference, paidAt: now }))
    } catch {
      // Over quota: Back shows the form, as before.
    }
  },
  /** The thank-you reference of the order paid in this tab within the hour when the visitor came back, else null. */
  read(offerId: string, now = Date.now()): string | null {
    if (!paidInThisDocument && !cameBack()) return null
    const raw = storage()?.getItem(keyOf(offerId))
    if (!raw) return null
    try {
      const value: unknown = JSON.parse(raw)
      if (typeof value !== 'object' || value === null || !('reference' in value) || !('paidAt' in value)) return null
      const { reference, paidAt } = value
      if (typeof reference !== 'string' || typeof paidAt !== 'number') return null
      return now - paidAt <= paidVisitLifetimeMs && paidAt <= now ? reference : null
    } catch {
      return null
    }
  },
  forget(offerId: string): void {
    storage()?.removeItem(keyOf(offerId))
  },
}
