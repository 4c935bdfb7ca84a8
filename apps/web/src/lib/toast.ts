import { enqueueSnackbar, type VariantType } from 'notistack'

/** Spec section 9: at most 3 toasts, bottom-left; the library hides after 5000 ms by default. */
export const toastProviderProps = {
  maxSnack: 3,
  anchorOrigin: { vertical: 'bottom', horizontal: 'left' },
  autoHideDuration: 5000,
  transitionDuration: { enter: 225, exit: 195 },
} as const

/** Decision D3: the product's own toasts hide after 3000 ms. */
export const productToastDuration = 3000

export function toast(message: string, variant: VariantType = 'default') {
  enqueueSnackbar(message, { variant, autoHideDuration: productToastDuration })
}
