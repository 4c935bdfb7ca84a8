import { useState } from 'react'
import type { FieldValues, UseFormSetError } from 'react-hook-form'
import { applyServerErrors } from '../../../lib/form-errors'
import { toast } from '../../../lib/toast'
import { type OfferKind, offerTexts, savedToast } from './offer-texts'

/**
 * The save of an offer form (spec section 8): on success the '… was successfully added/updated.'
 * toast; on failure the server's field errors go onto the fields, a generic error is logged and
 * whatever has no field is returned for the form's alert.
 */
export function useOfferSave<V extends FieldValues>(kind: OfferKind, editing: boolean, setError: UseFormSetError<V>, fieldNames: string[]) {
  const [formError, setFormError] = useState<string | null>(null)

  async function save<R>(run: () => Promise<R>): Promise<R | null> {
    setFormError(null)
    try {
      const saved = await run()
      toast(savedToast(kind, editing ? 'updated' : 'added'), 'success')
      return saved
    } catch (error) {
      console.error(offerTexts.saveFailedLog, error)
      setFormError(applyServerErrors(error, setError, fieldNames))
      return null
    }
  }

  return { formError, clearFormError: () => setFormError(null), save }
}
