import { productToastDuration } from '../../../lib/toast-duration'

export type FunnelToastVariant = 'default' | 'success' | 'error' | 'info'

const hostClass = 'fy-toasts'
/** Spec section 9: at most three toasts at a time, bottom-left. */
const maxToasts = 3

/**
 * The funnel pages' toasts, without a toast library (issue 11): plain elements in one live region
 * at the bottom-left of the page, each gone after the product's toast duration. They live outside
 * React, so a toast outlasts the view that raised it (a success before the thank-you page).
 */
export function funnelToast(message: string, variant: FunnelToastVariant = 'default'): void {
  let host = document.querySelector<HTMLElement>(`.${hostClass}`)
  if (!host) {
    host = document.createElement('div')
    host.className = hostClass
    host.setAttribute('role', 'status')
    host.setAttribute('aria-live', 'polite')
    document.body.append(host)
  }
  const toast = document.createElement('div')
  toast.className = `fy-toast fy-toast-${variant}`
  toast.textContent = message
  host.append(toast)
  while (host.children.length > maxToasts) host.firstElementChild?.remove()
  setTimeout(() => toast.remove(), productToastDuration)
}
