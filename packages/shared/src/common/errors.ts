import { z } from 'zod'

/**
 * Error bodies follow the spec's (Django REST style) shapes, in one envelope (issue 23): every
 * 4xx and 5xx of the API is a JSON object with `detail`, a sentence a person can act on, and:
 * - where fields are at fault, their messages keyed by field (nested fields dotted), and
 *   `non_field_errors` for the request as a whole: `{ "detail": "email: Invalid email", "email": ["Invalid email"] }`;
 * - on payment calls, `error` (spec section 8), the same sentence as `detail`.
 */
export const fieldErrorsSchema = z.record(z.string(), z.array(z.string()))
export type FieldErrors = z.infer<typeof fieldErrorsSchema>

export const detailErrorSchema = z.object({ detail: z.string(), error: z.string().optional() }).meta({
  description: 'An error answer of the API: `detail` says what went wrong and what to do; payment calls repeat it as `error`.',
})
export type DetailError = z.infer<typeof detailErrorSchema>

/** A 400: `detail`, plus the fields at fault keyed by field, `non_field_errors`, and `error` on payment calls. */
export const fieldErrorBodySchema = z
  .object({
    detail: z.string(),
    non_field_errors: z.array(z.string()).optional(),
    error: z.string().optional(),
  })
  .catchall(z.array(z.string()))
  .meta({
    description:
      'A request the API refused as it was sent: `detail` names the first problem; each field at fault is a key with its messages (nested fields dotted, e.g. `webhook_keys.email`); `non_field_errors` holds problems of the request as a whole; payment calls add `error`.',
  })
export type FieldErrorBody = z.infer<typeof fieldErrorBodySchema>

/** The first message for a field, or undefined. */
export function firstError(errors: unknown, field: string): string | undefined {
  const parsed = fieldErrorsSchema.safeParse(errors)
  if (!parsed.success) return undefined
  return parsed.data[field]?.[0]
}
