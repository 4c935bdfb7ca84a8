import { createContext, useCallback, useContext, useEffect, useId, useMemo, useState } from 'react'

type Report = (form: string, dirty: boolean) => void

/** Set by a page holding several forms that save on their own (Settings); absent elsewhere, where reports go nowhere. */
export const UnsavedFormsContext = createContext<Report | null>(null)

/**
 * A page with several in-place forms (issue 15): each form reports whether it has changes not
 * saved yet, and the page guards navigation while any has (`useUnsavedChangesGuard(anyDirty)`).
 * One guard for the page, because the router holds one blocker at a time.
 */
export function useUnsavedForms() {
  const [dirtyForms, setDirtyForms] = useState<ReadonlySet<string>>(() => new Set())
  const report = useCallback<Report>((form, dirty) => {
    setDirtyForms((forms) => {
      if (forms.has(form) === dirty) return forms
      const next = new Set(forms)
      if (dirty) next.add(form)
      else next.delete(form)
      return next
    })
  }, [])
  return useMemo(() => ({ anyDirty: dirtyForms.size > 0, report }), [dirtyForms, report])
}

/** Tells the page's `useUnsavedForms` whether this form has unsaved changes; a form that goes away has none. */
export function useReportUnsaved(dirty: boolean) {
  const form = useId()
  const report = useContext(UnsavedFormsContext)
  useEffect(() => {
    report?.(form, dirty)
    return () => report?.(form, false)
  }, [report, form, dirty])
}
