import type { ImageValue } from '../../../components/image-drop-zone'

export type MultipartValue = string | File | undefined

/** The multipart body of an offer save; undefined fields are left out (an image that did not change). */
export function toFormData(fields: Record<string, MultipartValue>): FormData {
  const form = new FormData()
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) form.set(name, value)
  return form
}

/** Spec section 2: an optional text is sent as typed while its 'show' box is checked, else empty (which clears it). */
export const optionalText = (value: string, shown: boolean) => (shown ? value.trim() : '')

/**
 * Spec section 5: images are sent only if changed. A new file is sent; an image removed (or
 * hidden by its 'show' box) is sent empty when there was a stored one; otherwise it is left out
 * and the server keeps what it has.
 */
export function imageUpload(value: ImageValue, shown: boolean, stored: string | null): File | '' | undefined {
  const wanted = shown ? value : null
  if (wanted instanceof File) return wanted
  if (wanted === null) return stored ? '' : undefined
  return undefined
}
