import { type VisitorDetailsErrors, type VisitorDetailsValues, visitorDetailsErrors } from '@funnelry/shared/funnel/visitor-details-rules'
import { useCallback, useState } from 'react'

type Field = keyof VisitorDetailsValues

/**
 * The details panel's state: the two fields, checked on change and on blur (spec section 5), and
 * all of them on submit, with the same rules and words as the server (no form library, issue 11).
 */
export function useVisitorDetails() {
  const [values, setValues] = useState<VisitorDetailsValues>({ full_name: '', email: '' })
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({})
  const errors = visitorDetailsErrors(values)
  const shownErrors: VisitorDetailsErrors = {}
  for (const field of ['full_name', 'email'] as const) if (touched[field] && errors[field]) shownErrors[field] = errors[field]

  /** What the visitor typed before the page's script ran (the fields are in the server's HTML). */
  const adopt = useCallback((typed: VisitorDetailsValues) => setValues(typed), [])

  return {
    values,
    errors: shownErrors,
    change(field: Field, value: string) {
      setValues((current) => ({ ...current, [field]: value }))
      setTouched((current) => ({ ...current, [field]: true }))
    },
    blur(field: Field) {
      setTouched((current) => ({ ...current, [field]: true }))
    },
    adopt,
    /** On submit: every field shows its problem; the trimmed details when there is none. */
    validate(): VisitorDetailsValues | null {
      setTouched({ full_name: true, email: true })
      if (Object.keys(errors).length > 0) return null
      return { full_name: values.full_name.trim(), email: values.email.trim() }
    },
  }
}
export type VisitorDetailsState = ReturnType<typeof useVisitorDetails>
