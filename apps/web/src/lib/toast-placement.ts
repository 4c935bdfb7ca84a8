/**
 * Where a toast goes on a phone (issue 15, decision 0025). A toast there spans the screen's width,
 * so wherever it sits it hides a band of the page. It comes in just below the app bar, where it
 * hides neither the bar's controls nor, usually, what was tapped; only when the control just used
 * is in that band does it go to the bottom edge instead.
 */

/** Below this width toasts span the screen: MUI's `sm` breakpoint, as notistack's own layout uses. */
export const phoneToastQuery = '(max-width: 599.95px)'

/** Where the top band starts: the phone's app bar (MUI's 56 px toolbar) and a gap of 8. */
export const phoneToastTop = 64
/**
 * How tall the band the toasts may cover is: three toasts (spec section 9) of up to two lines
 * (64 px each) and their gaps.
 */
export const phoneToastBand = 3 * 64 + 2 * 12

/** A control's place on screen, as getBoundingClientRect gives it. */
export type ScreenBox = { top: number; bottom: number }

export type ToastEdge = 'top' | 'bottom'

/**
 * 'bottom' when the control just used overlaps the top band; 'top' otherwise (or with none).
 * `top`: where the band starts (a public page has no app bar).
 */
export function phoneToastEdge(control: ScreenBox | undefined, top = phoneToastTop): ToastEdge {
  if (!control) return 'top'
  const overlapsTopBand = control.top < top + phoneToastBand && control.bottom > top
  return overlapsTopBand ? 'bottom' : 'top'
}

const controlSelector = 'button, a, input, select, textarea, label, [role="button"], [role="switch"], [role="checkbox"], [role="tab"]'
let lastUsed: Element | null = null
const remember = (event: Event) => {
  if (event.target instanceof Element) lastUsed = event.target
}

/**
 * Follows the control used last: the one tapped (pointerdown, since mobile Safari does not focus a
 * tapped button) or reached by keyboard (focusin). Returns the function that stops following.
 */
export function followLastUsedControl(target: Document = document): () => void {
  target.addEventListener('pointerdown', remember, true)
  target.addEventListener('focusin', remember, true)
  return () => {
    target.removeEventListener('pointerdown', remember, true)
    target.removeEventListener('focusin', remember, true)
  }
}

/** Where the control used last is now, or nothing when it left the page (a save that navigated). */
export function lastUsedControlBox(): ScreenBox | undefined {
  if (!lastUsed?.isConnected) return undefined
  const { top, bottom } = (lastUsed.closest(controlSelector) ?? lastUsed).getBoundingClientRect()
  return { top, bottom }
}
