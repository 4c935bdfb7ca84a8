import { productToastDuration } from '../../../lib/toast-duration'
import { followLastUsedControl, lastUsedControlBox, phoneToastEdge, phoneToastQuery } from '../../../lib/toast-placement'

export type FunnelToastVariant = 'default' | 'success' | 'error' | 'info'

const hostClass = 'fy-toasts'
/** On a phone, where the toasts go when the control just used is low on the screen (decision 0025). */
const topClass = 'fy-toasts-top'
/** A public page has no app bar: a top toast starts 16 px from the top. */
const phoneTop = 16

// The page's code loads on the visitor's first touch (issue 11); from then on the toasts know what
// was tapped. Not on the server, which renders the page without a document.
if (typeof document !== 'undefined') followLastUsedControl()
/** Spec section 9: at most three toasts at a time, bottom-left. */
const maxToasts = 3

/**
 * The funnel pages' toasts, without a toast library (issue 11): plain elements in one live region
 * at the bottom-left of the page (on a phone, at the top unless the control just used is there), each gone after the product's toast duration. They live outside
 * React, so a toast outlasts the view that raised it (a success before the thank-you page).
 */
export function funnelToast(message: string, variant: FunnelToastVariant = 'default'): void {
  show(message, variant, productToastDuration)
  remember({ message, variant, at: Date.now() })
}

/** Set while a step keeps its heading and its card at the top of a phone's screen. */
let keptAtBottom = false

/**
 * Decision D34's post-purchase step opens with its heading ("Wait! Add this to your order…") and
 * may show the authentication card ("Confirm this payment") at the top: a phone's top toast (the
 * pay button was low, so 'Payment succeeded!' went up) would cover them. While `on`, the toasts
 * shown and still to come sit at the bottom edge. Returns the function that lets them go back.
 */
export function keepFunnelToastsAtBottom(): () => void {
  keptAtBottom = true
  document.querySelector(`.${hostClass}`)?.classList.remove(topClass)
  return () => {
    keptAtBottom = false
  }
}

function show(message: string, variant: FunnelToastVariant, durationMs: number) {
  let host = document.querySelector<HTMLElement>(`.${hostClass}`)
  if (!host) {
    host = document.createElement('div')
    host.className = hostClass
    host.setAttribute('role', 'status')
    host.setAttribute('aria-live', 'polite')
    document.body.append(host)
  }
  // All shown toasts move together: they stay one stack, in order.
  const phone = window.matchMedia?.(phoneToastQuery).matches ?? false
  host.classList.toggle(topClass, !keptAtBottom && phone && phoneToastEdge(lastUsedControlBox(), phoneTop) === 'top')
  const toast = document.createElement('div')
  toast.className = `fy-toast fy-toast-${variant}`
  toast.textContent = message
  host.append(toast)
  while (host.children.length > maxToasts) host.firstElementChild?.remove()
  setTimeout(() => toast.remove(), durationMs)
}

type Remembered = { message: string; variant: FunnelToastVariant; at: number }
const storageKey = 'funnelry:toasts'

function remember(toast: Remembered) {
  try {
    const recent = readRemembered().filter((earlier) => Date.now() - earlier.at < productToastDuration)
    sessionStorage.setItem(storageKey, JSON.stringify([...recent, toast]))
  } catch {
    // Storage refused: the toast simply does not follow to the next page.
  }
}

function readRemembered(): Remembered[] {
  try {
    const value: unknown = JSON.parse(sessionStorage.getItem(storageKey) ?? '[]')
    return Array.isArray(value) ? (value as Remembered[]) : []
  } catch {
    return []
  }
}

/**
 * A public page is a document of its own, so a toast raised just before leaving (the payment's
 * success, then the thank-you page) is shown again on the next page for the rest of its time,
 * unless it is still on screen (the app's own navigation keeps the document).
 */
export function replayRecentToasts(): void {
  const shown = new Set([...document.querySelectorAll(`.${hostClass} > *`)].map((element) => element.textContent))
  for (const toast of readRemembered()) {
    const left = productToastDuration - (Date.now() - toast.at)
    if (left > 0 && !shown.has(toast.message)) show(toast.message, toast.variant, left)
  }
  try {
    sessionStorage.removeItem(storageKey)
  } catch {
    // Nothing to clear.
  }
}
