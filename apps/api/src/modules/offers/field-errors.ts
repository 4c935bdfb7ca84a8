import type { FieldErrors } from '@funnelry/shared'
import { ValidationError } from '../../lib/errors.js'

/** Throws every collected field error at once, so a form shows them all after one save. */
export function throwIfFieldErrors(...groups: FieldErrors[]): void {
  const errors: FieldErrors = {}
  for (const group of groups) {
    for (const [field, messages] of Object.entries(group)) errors[field] = [...(errors[field] ?? []), ...messages]
  }
  if (Object.keys(errors).length > 0) throw new ValidationError(errors)
}
