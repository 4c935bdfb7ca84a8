import type { ComponentType } from 'react'
import type { Control, FieldValues, Path } from 'react-hook-form'
import type { PaidAddOn, PaidAddOnKind } from '../api/paid-add-on-endpoints'
import { formTitle } from '../lib/offer-texts'
import type { PaidAddOnFormSpec } from '../lib/paid-add-on-form-spec'
import { usePaidAddOnForm } from '../lib/use-paid-add-on-form'
import { OfferFormLayout } from './offer-form-layout'

/** What a kind's fields get from the shared form. */
export type PaidAddOnFieldsProps<V extends FieldValues> = {
  control: Control<V>
  /** While saving. */
  disabled: boolean
  /** Checks a field again when its 'show' box changed: hidden, it has nothing left to complain about. */
  recheck: (name: Path<V>) => () => void
  /** Changes when Cancel resets the form, to remount the drop zones. */
  dropZoneKey: number
}

export type PaidAddOnFormProps<K extends PaidAddOnKind, V extends FieldValues> = {
  spec: PaidAddOnFormSpec<K, V>
  /** The kind's panels. */
  Fields: ComponentType<PaidAddOnFieldsProps<V>>
  offer?: PaidAddOn<K>
  returnTo?: string | null
}

/** The add and edit form of a BUMP or upsell offer; the kind supplies its values and its panels. */
export function PaidAddOnForm<K extends PaidAddOnKind, V extends FieldValues>({ spec, Fields, offer, returnTo }: PaidAddOnFormProps<K, V>) {
  const { form, editing, onSubmit, cancel, dropZoneKey, formError, guard } = usePaidAddOnForm(spec, { offer, returnTo })
  const saving = form.formState.isSubmitting
  return (
    <OfferFormLayout
      title={formTitle(spec.kind, editing)}
      onSubmit={onSubmit}
      onCancel={cancel}
      saving={saving}
      formError={formError}
      guard={guard}
      columns={2}
    >
      <Fields control={form.control} disabled={saving} recheck={(name) => () => void form.trigger(name)} dropZoneKey={dropZoneKey} />
    </OfferFormLayout>
  )
}
