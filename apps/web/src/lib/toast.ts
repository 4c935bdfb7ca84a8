import { enqueueSnackbar, type VariantType } from 'notistack'
import { productToastDuration } from './toast-duration'
import { lastUsedControlBox, phoneToastEdge, phoneToastQuery } from './toast-placement'

/** Spec section 9: at most 3 toasts, bottom-left; the library hides after 5000 ms by default. */
export const toastProviderProps = {
  maxSnack: 3,
  anchorOrigin: { vertical: 'bottom', horizontal: 'left' },
  autoHideDuration: 5000,
  transitionDuration: { enter: 225, exit: 195 },
} as const

/**
 * Class names for the phone's two toast places (`AppProviders` styles them): just below the app
 * bar, or at the bottom above the home indicator.
 */
export const phoneToastClasses = { top: 'fy-toasts-below-bar', bottom: 'fy-toasts-phone-bottom' } as const

export { productToastDuration } from './toast-duration'

/**
 * On a phone a toast spans the screen and once covered what was just tapped: a card's switch, its
 * action row, a form's Save (issue 15). There each toast goes where the control just used is not
 * (`phoneToastEdge`); wider screens keep the spec's bottom-left.
 */
export function toast(message: string, variant: VariantType = 'default') {
  const phone = window.matchMedia?.(phoneToastQuery).matches ?? false
  const anchorOrigin = phone ? { vertical: phoneToastEdge(lastUsedControlBox()), horizontal: 'center' as const } : undefined
  enqueueSnackbar(message, { variant, autoHideDuration: productToastDuration, ...(anchorOrigin ? { anchorOrigin } : {}) })
}
