import type { FreeOffer } from '@funnelry/shared'
import OpenInNew from '@mui/icons-material/OpenInNew'
import { Box, Button } from '@mui/material'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { useNavigate } from 'react-router'
import { FormImageField } from '../../../components/form-image-field'
import { FormTextField } from '../../../components/form-text-field'
import { ShowToggleField } from '../../../components/show-toggle-field'
import { paths } from '../../../config/paths'
import { useUnsavedChangesGuard } from '../../../lib/use-unsaved-changes-guard'
import { useCreateFreeOffer } from '../api/create-free-offer'
import type { PaidAddOnKind } from '../api/paid-add-on-endpoints'
import { useUpdateFreeOffer } from '../api/update-free-offer'
import { clearFreeOfferDraft, saveFreeOfferDraft } from '../lib/free-offer-draft-values'
import {
  emptyFreeOfferValues,
  type FreeOfferFormValues,
  freeOfferFieldNames,
  freeOfferFormData,
  freeOfferResolver,
} from '../lib/free-offer-form-values'
import { formTitle } from '../lib/offer-texts'
import { useOfferSave } from '../lib/use-offer-save'
import { ActiveSwitchField } from './active-switch-field'
import { AfterPurchasePanel } from './after-purchase-panel'
import { FreeOfferAttachmentsPanel } from './free-offer-attachments-panel'
import { FormPanel, OfferFormLayout } from './offer-form-layout'
import { SplitTestEntry } from './split-test-entry'
import { SplitTestNotice } from './split-test-notice'

type FreeOfferFormProps = {
  /** The offer being edited; none on the add screen. */
  offer?: FreeOffer
  initialValues: FreeOfferFormValues
  /** The first values are a draft or a new BUMP/OTO not saved yet (back from 'Add New'): leaving loses them too. */
  carriesChanges: boolean
  /** Called before leaving through 'Add New', so the page keeps the draft it would otherwise clear. */
  onKeepDraft: () => void
}

export function FreeOfferForm({ offer, initialValues, carriesChanges, onKeepDraft }: FreeOfferFormProps) {
  const navigate = useNavigate()
  // Cancel remounts the drop zones too, so a refused file's message leaves with the values.
  const [dropZoneKey, setDropZoneKey] = useState(0)
  const create = useCreateFreeOffer()
  const update = useUpdateFreeOffer()
  const { control, handleSubmit, reset, setError, trigger, getValues, formState } = useForm<FreeOfferFormValues>({
    resolver: freeOfferResolver,
    mode: 'all',
    defaultValues: initialValues,
  })
  const { formError, clearFormError, save } = useOfferSave('free', offer !== undefined, setError, freeOfferFieldNames)
  const offerId = offer?.id ?? null
  // Cleared by Cancel on the add form, which starts the seller afresh.
  const [carried, setCarried] = useState(carriesChanges)
  const guard = useUnsavedChangesGuard(formState.isDirty || carried)

  const onSubmit = handleSubmit(async (values) => {
    const form = freeOfferFormData(values, offer)
    const saved = await save(() => (offer ? update.mutateAsync({ id: offer.id, form }) : create.mutateAsync(form)))
    if (!saved) return
    guard.release()
    navigate(paths.dashboard.freeOffers.href())
  })

  const cancel = () => {
    if (offer) {
      guard.release()
      return navigate(paths.dashboard.freeOffers.href())
    }
    clearFreeOfferDraft()
    setCarried(false)
    reset(emptyFreeOfferValues)
    setDropZoneKey((key) => key + 1)
    clearFormError()
  }

  /** Spec section 2: keep the form as the draft, and come back here (add or edit) once the new offer is saved. */
  const addNew = async (kind: PaidAddOnKind) => {
    await saveFreeOfferDraft(getValues(), offerId)
    onKeepDraft()
    // Nothing is lost: the draft comes back with the seller.
    guard.release()
    const returnTo = offer ? paths.dashboard.editFreeOffer.href(offer.id) : paths.dashboard.addFreeOffer.href()
    navigate(kind === 'bump' ? paths.dashboard.addBumpOffer.href(returnTo) : paths.dashboard.addUpsellOffer.href(returnTo))
  }

  /** The public page renders `/free-offer` (no id) from the draft, in its own tab. */
  const preview = async () => {
    await saveFreeOfferDraft(getValues(), offerId)
    // Not 'noopener': the preview reads the bump and OTO with the session, which a new tab only
    // inherits (when it lives in session storage) from its opener. The page is our own origin.
    window.open(paths.freeOfferPublic.href(), '_blank')
  }

  const saving = formState.isSubmitting
  const field = { control, disabled: saving, fullWidth: true }
  const imageField = { control, disabled: saving }

  return (
    <OfferFormLayout
      title={formTitle('free', offer !== undefined)}
      onSubmit={onSubmit}
      onCancel={cancel}
      saving={saving}
      formError={formError}
      guard={guard}
      columns={2}
      notice={offer && <SplitTestNotice offerId={offer.id} />}
      headerActions={offer && <SplitTestEntry offerId={offer.id} />}
      extraActions={
        <Button onClick={preview} startIcon={<OpenInNew />} disabled={saving} sx={{ mr: 'auto' }}>
          Preview
        </Button>
      }
    >
      <FormPanel title="Details">
        <FormTextField {...field} name="headline" label="Headline" required />
        <ShowToggleField
          {...field}
          name="sub_headline"
          showName="show.sub_headline"
          label="Sub Headline"
          onShownChange={() => void trigger('sub_headline')}
        />
        <FormTextField {...field} name="url" label="Asset URL" type="url" placeholder="https://" required />
        <FormTextField {...field} name="opt_in_button" label="Opt-in Button Text" required />
        <ActiveSwitchField control={control} name="is_active" disabled={saving} />
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2.5 }}>
          <FormImageField key={dropZoneKey} {...imageField} name="asset_image" showName="show.asset_image" label="Asset Image" />
          <FormImageField key={dropZoneKey} {...imageField} name="logo" showName="show.logo" label="Logo" />
        </Box>
      </FormPanel>
      <FreeOfferAttachmentsPanel control={control} disabled={saving} onAddNew={addNew} />
      <AfterPurchasePanel control={control} disabled={saving} onAddNew={() => addNew('upsell')} />
    </OfferFormLayout>
  )
}
