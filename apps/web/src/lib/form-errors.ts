import { messages } from '@funnelry/shared'
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form'
import { detailMessage, fieldErrors, nonFieldError } from './api-error'

/**
 * Puts a failed save's field errors onto the form's fields (keys as the server sends them, dotted
 * for nested fields) and returns the message for the form's alert: non_field_errors, errors about
 * fields the form does not show, or `detail`. Null when every message found its field.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  formFields: readonly string[],
): string | null {
  const leftovers: string[] = []
  const fields = fieldErrors(error)
  for (const [key, message] of Object.entries(fields)) {
    if (formFields.includes(key)) setError(key as Path<T>, { type: 'server', message })
    else leftovers.push(message)
  }
  // Every error body has a `detail`; with field errors it only repeats the first of them.
  const hasFields = Object.keys(fields).length > 0
  const formMessage = nonFieldError(error) ?? leftovers[0] ?? (hasFields ? undefined : detailMessage(error))
  if (formMessage) return formMessage
  return hasFields ? null : messages.somethingWentWrong
}
