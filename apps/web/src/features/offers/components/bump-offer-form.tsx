import { type BumpOffer, currencySymbol } from '@funnelry/shared'
import { useState } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { useNavigate } from 'react-router'
import { FormImageField } from '../../../components/form-image-field'
import { FormTextField } from '../../../components/form-text-field'
import { ShowToggleField } from '../../../components/show-toggle-field'
import { offerReturnParams, paths, withQuery } from '../../../config/paths'
import { useCreateBumpOffer } from '../api/create-bump-offer'
import { useUpdateBumpOffer } from '../api/update-bump-offer'
import {
  type BumpOfferFormValues,
  bumpOfferFieldNames,
  bumpOfferFormData,
  bumpOfferResolver,
  bumpOfferValues,
  emptyBumpOfferValues,
} from '../lib/bump-offer-form-values'
import { formTitle } from '../lib/offer-texts'
import { useOfferSave } from '../lib/use-offer-save'
import { CurrencyField } from './currency-field'
import { FormPanel, OfferFormLayout } from './offer-form-layout'
import { priceSlotProps } from './price-input'

type BumpOfferFormProps = {
  /** The offer being edited; none on the add screen. */
  offer?: BumpOffer
  /** The free offer page to go back to after adding (its 'Add New'), with the new offer selected. */
  returnTo?: string | null
}

export function BumpOfferForm({ offer, returnTo = null }: BumpOfferFormProps) {
  const navigate = useNavigate()
  // Cancel remounts the drop zones too, so a refused file's message leaves with the values.
  const [dropZoneKey, setDropZoneKey] = useState(0)
  const create = useCreateBumpOffer()
  const update = useUpdateBumpOffer()
  const { control, handleSubmit, reset, setError, trigger, formState } = useForm<BumpOfferFormValues>({
    resolver: bumpOfferResolver,
    mode: 'all',
    defaultValues: offer ? bumpOfferValues(offer) : emptyBumpOfferValues,
  })
  const { formError, clearFormError, save } = useOfferSave('bump', offer !== undefined, setError, bumpOfferFieldNames)
  const symbol = currencySymbol(useWatch({ control, name: 'currency' }))

  const onSubmit = handleSubmit(async (values) => {
    const form = bumpOfferFormData(values, offer)
    const saved = await save(() => (offer ? update.mutateAsync({ id: offer.id, form }) : create.mutateAsync(form)))
    if (!saved) return
    if (!offer && returnTo) navigate(withQuery(returnTo, { [offerReturnParams.selectBump]: saved.id }))
    else navigate(paths.dashboard.bumpOffers.href())
  })

  const cancel = () => {
    if (offer) return navigate(paths.dashboard.bumpOffers.href())
    reset(emptyBumpOfferValues)
    setDropZoneKey((key) => key + 1)
    clearFormError()
  }

  const field = { control, disabled: formState.isSubmitting, fullWidth: true }
  // A field whose 'show' box changed is checked again: hidden, it has nothing left to complain about.
  const recheck = (name: keyof BumpOfferFormValues) => () => void trigger(name)

  return (
    <OfferFormLayout
      title={formTitle('bump', offer !== undefined)}
      onSubmit={onSubmit}
      onCancel={cancel}
      saving={formState.isSubmitting}
      formError={formError}
      columns={2}
    >
      <FormPanel title="Details">
        <FormTextField {...field} name="url" label="Product URL" type="url" placeholder="https://" required />
        <ShowToggleField {...field} name="headline" showName="show.headline" label="Headline" onShownChange={recheck('headline')} />
        <ShowToggleField
          {...field}
          name="description"
          showName="show.description"
          label="Description"
          multiline
          rows={3}
          onShownChange={recheck('description')}
        />
        <CurrencyField {...field} name="currency" />
        <ShowToggleField
          {...field}
          name="old_price"
          showName="show.old_price"
          label="Old Price"
          slotProps={priceSlotProps(symbol)}
          onShownChange={recheck('old_price')}
        />
        <ShowToggleField
          {...field}
          name="new_price"
          showName="show.new_price"
          label="New Price"
          slotProps={priceSlotProps(symbol)}
          onShownChange={recheck('new_price')}
        />
      </FormPanel>
      <FormPanel title="Image">
        <FormImageField
          key={dropZoneKey}
          control={control}
          name="asset_image"
          showName="show.asset_image"
          label="Asset Image"
          disabled={formState.isSubmitting}
        />
      </FormPanel>
    </OfferFormLayout>
  )
}
