/**
 * A failed API call. `data` is the parsed response body in the spec's shapes: field errors
 * (`{ field: [messages], non_field_errors: [...] }`, nested fields keyed with dots), `{ detail }`,
 * or `{ error }` for payment calls. `status` 0 means the server could not be reached.
 */
export class ApiError extends Error {
  readonly status: number
  readonly data: unknown

  constructor(status: number, data: unknown, message = `The request failed with status ${status}.`) {
    super(message)
    this.name = 'ApiError'
    this.status = status
    this.data = data
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError
}

function body(error: unknown): Record<string, unknown> {
  return isApiError(error) && typeof error.data === 'object' && error.data !== null ? (error.data as Record<string, unknown>) : {}
}

function firstMessage(value: unknown): string | undefined {
  if (typeof value === 'string') return value
  if (Array.isArray(value) && typeof value[0] === 'string') return value[0]
  return undefined
}

/** The first `non_field_errors` message, if any. */
export function nonFieldError(error: unknown): string | undefined {
  return firstMessage(body(error).non_field_errors)
}

/** The first message of each field error, keyed as the server keys them; `non_field_errors` and `detail` are left out. */
export function fieldErrors(error: unknown): Record<string, string> {
  const fields: Record<string, string> = {}
  for (const [key, value] of Object.entries(body(error))) {
    if (key === 'non_field_errors' || key === 'detail') continue
    const message = Array.isArray(value) ? firstMessage(value) : undefined
    if (message !== undefined) fields[key] = message
  }
  return fields
}

/** The `detail` message (authentication, not found, rate limits, other non-form errors). */
export function detailMessage(error: unknown): string | undefined {
  return firstMessage(body(error).detail)
}

/** The string `error` field of payment calls. */
export function paymentErrorMessage(error: unknown): string | undefined {
  const value = body(error).error
  return typeof value === 'string' ? value : undefined
}
