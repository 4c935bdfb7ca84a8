import { enqueueSnackbar, type VariantType } from 'notistack'
import { productToastDuration } from './toast-duration'

/** Spec section 9: at most 3 toasts, bottom-left; the library hides after 5000 ms by default. */
export const toastProviderProps = {
  maxSnack: 3,
  anchorOrigin: { vertical: 'bottom', horizontal: 'left' },
  autoHideDuration: 5000,
  transitionDuration: { enter: 225, exit: 195 },
} as const

/**
 * On a phone a bottom toast spans the screen's width and covers what was just tapped: a card's
 * action row, its switch, a form's Save (issue 15). There toasts come in at the top, over the
 * app bar's title, where no action sits; wider screens keep the spec's bottom-left.
 */
export const phoneToastAnchor = { vertical: 'top', horizontal: 'center' } as const

export { productToastDuration } from './toast-duration'

export function toast(message: string, variant: VariantType = 'default') {
  enqueueSnackbar(message, { variant, autoHideDuration: productToastDuration })
}
