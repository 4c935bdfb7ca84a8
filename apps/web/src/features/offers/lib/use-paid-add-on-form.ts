import { useState } from 'react'
import { type DefaultValues, type FieldValues, useForm } from 'react-hook-form'
import { useNavigate } from 'react-router'
import { offerReturnParams, paths, withQuery } from '../../../config/paths'
import { useUnsavedChangesGuard } from '../../../lib/use-unsaved-changes-guard'
import type { PaidAddOn, PaidAddOnKind } from '../api/paid-add-on-endpoints'
import { useSavePaidAddOn } from '../api/save-paid-add-on'
import type { PaidAddOnFormSpec } from './paid-add-on-form-spec'
import { useOfferSave } from './use-offer-save'

/** Where each kind's form goes after a save: its list, or the free offer form with the new one selected. */
const paidAddOnPlaces = {
  bump: { list: () => paths.dashboard.bumpOffers.href(), selectParam: offerReturnParams.selectBump },
  upsell: { list: () => paths.dashboard.upsellOffers.href(), selectParam: offerReturnParams.selectUpsell },
} satisfies Record<PaidAddOnKind, { list: () => string; selectParam: string }>

type PaidAddOnFormOptions<K extends PaidAddOnKind> = {
  /** The offer being edited; none on the add screen. */
  offer?: PaidAddOn<K>
  /** The free offer page to go back to after adding (its 'Add New'), with the new offer selected. */
  returnTo?: string | null
}

/**
 * The form of a BUMP or upsell offer: its values and checks, the save (toast, server errors onto
 * the fields), where it goes afterwards, Cancel (back to the list when editing, back to the free
 * offer form when 'Add New' led here, else a reset), and the question before leaving with changes.
 */
export function usePaidAddOnForm<K extends PaidAddOnKind, V extends FieldValues>(
  spec: PaidAddOnFormSpec<K, V>,
  { offer, returnTo = null }: PaidAddOnFormOptions<K>,
) {
  const navigate = useNavigate()
  // Cancel remounts the drop zones too, so a refused file's message leaves with the values.
  const [dropZoneKey, setDropZoneKey] = useState(0)
  const mutation = useSavePaidAddOn(spec.kind)
  const editing = offer !== undefined
  const form = useForm<V>({
    resolver: spec.resolver,
    mode: 'all',
    defaultValues: (offer ? spec.values(offer) : spec.empty) as DefaultValues<V>,
  })
  const { formError, clearFormError, save } = useOfferSave(spec.kind, editing, form.setError, spec.fieldNames)
  const places = paidAddOnPlaces[spec.kind]
  const guard = useUnsavedChangesGuard(form.formState.isDirty)

  const onSubmit = form.handleSubmit(async (values) => {
    const saved = await save(() => mutation.mutateAsync({ id: offer?.id, form: spec.formData(values, offer) }))
    if (!saved) return
    guard.release()
    if (!offer && returnTo) navigate(withQuery(returnTo, { [places.selectParam]: saved.id }))
    else navigate(places.list())
  })

  const cancel = () => {
    // Editing goes back to the list; an add reached by 'Add New' back to that free offer form, which restores its draft.
    const back = offer ? places.list() : returnTo
    if (back) {
      guard.release()
      return navigate(back)
    }
    form.reset(spec.empty)
    setDropZoneKey((key) => key + 1)
    clearFormError()
  }

  return { form, editing, onSubmit, cancel, dropZoneKey, formError, guard }
}
