import { z } from 'zod'

/**
 * Error bodies follow the spec's (Django REST style) shapes:
 * - field errors: `{ "email": ["Invalid email"], "non_field_errors": ["..."] }`
 * - everything else: `{ "detail": "..." }`
 * - payment calls: `{ "error": "..." }`
 */
export const fieldErrorsSchema = z.record(z.string(), z.array(z.string()))
export type FieldErrors = z.infer<typeof fieldErrorsSchema>

export const detailErrorSchema = z.object({ detail: z.string() })
export type DetailError = z.infer<typeof detailErrorSchema>

/** The first message for a field, or undefined. */
export function firstError(errors: unknown, field: string): string | undefined {
  const parsed = fieldErrorsSchema.safeParse(errors)
  if (!parsed.success) return undefined
  return parsed.data[field]?.[0]
}
