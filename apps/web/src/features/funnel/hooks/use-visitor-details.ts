import { type VisitorDetailsErrors, type VisitorDetailsValues, visitorDetailsErrors } from '@funnelry/shared/funnel/visitor-details-rules'
import { useCallback, useRef, useState } from 'react'

type Field = keyof VisitorDetailsValues

/**
 * The details panel's state: the two fields, checked on change and on blur (spec section 5), and
 * all of them on submit, with the same rules and words as the server (no form library, issue 11).
 */
export function useVisitorDetails() {
  const [values, setValues] = useState<VisitorDetailsValues>({ full_name: '', email: '' })
  // The values as last set, before React renders them: a submit pressed while the page hydrates
  // arrives in the same task as `adopt` (React hydrates synchronously for that press and runs the
  // effect that adopts the typed details), so it must not read the render's empty values.
  const latest = useRef(values)
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({})
  const errors = visitorDetailsErrors(values)
  const shownErrors: VisitorDetailsErrors = {}
  for (const field of ['full_name', 'email'] as const) if (touched[field] && errors[field]) shownErrors[field] = errors[field]

  /** What the visitor typed before the page's script ran (the fields are in the server's HTML). */
  const adopt = useCallback((typed: VisitorDetailsValues) => {
    latest.current = typed
    setValues(typed)
  }, [])

  return {
    values,
    errors: shownErrors,
    change(field: Field, value: string) {
      latest.current = { ...latest.current, [field]: value }
      setValues(latest.current)
      setTouched((current) => ({ ...current, [field]: true }))
    },
    blur(field: Field) {
      setTouched((current) => ({ ...current, [field]: true }))
    },
    adopt,
    /** On submit: every field shows its problem; the trimmed details when there is none. */
    validate(): VisitorDetailsValues | null {
      setTouched({ full_name: true, email: true })
      const current = latest.current
      if (Object.keys(visitorDetailsErrors(current)).length > 0) return null
      return { full_name: current.full_name.trim(), email: current.email.trim() }
    },
  }
}
export type VisitorDetailsState = ReturnType<typeof useVisitorDetails>
