import { currencySymbol, type UpsellOffer } from '@funnelry/shared'
import { Box } from '@mui/material'
import { useState } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { useNavigate } from 'react-router'
import { FormImageField } from '../../../components/form-image-field'
import { FormTextField } from '../../../components/form-text-field'
import { ShowToggleField } from '../../../components/show-toggle-field'
import { offerReturnParams, paths, withQuery } from '../../../config/paths'
import { useCreateOtoOffer } from '../api/create-oto-offer'
import { useUpdateOtoOffer } from '../api/update-oto-offer'
import { formTitle } from '../lib/offer-texts'
import {
  emptyOtoOfferValues,
  type OtoOfferFormValues,
  otoOfferFieldNames,
  otoOfferFormData,
  otoOfferResolver,
  otoOfferValues,
} from '../lib/oto-offer-form-values'
import { useOfferSave } from '../lib/use-offer-save'
import { CurrencyField } from './currency-field'
import { FormPanel, OfferFormLayout } from './offer-form-layout'
import { priceSlotProps } from './price-input'

type OtoOfferFormProps = {
  /** The offer being edited; none on the add screen. */
  offer?: UpsellOffer
  /** The free offer page to go back to after adding (its 'Add New'), with the new offer selected. */
  returnTo?: string | null
}

export function OtoOfferForm({ offer, returnTo = null }: OtoOfferFormProps) {
  const navigate = useNavigate()
  // Cancel remounts the drop zones too, so a refused file's message leaves with the values.
  const [dropZoneKey, setDropZoneKey] = useState(0)
  const create = useCreateOtoOffer()
  const update = useUpdateOtoOffer()
  const { control, handleSubmit, reset, setError, trigger, formState } = useForm<OtoOfferFormValues>({
    resolver: otoOfferResolver,
    mode: 'all',
    defaultValues: offer ? otoOfferValues(offer) : emptyOtoOfferValues,
  })
  const { formError, clearFormError, save } = useOfferSave('oto', offer !== undefined, setError, otoOfferFieldNames)
  const symbol = currencySymbol(useWatch({ control, name: 'currency' }))

  const onSubmit = handleSubmit(async (values) => {
    const form = otoOfferFormData(values, offer)
    const saved = await save(() => (offer ? update.mutateAsync({ id: offer.id, form }) : create.mutateAsync(form)))
    if (!saved) return
    if (!offer && returnTo) navigate(withQuery(returnTo, { [offerReturnParams.selectOto]: saved.id }))
    else navigate(paths.dashboard.otoOffers.href())
  })

  const cancel = () => {
    if (offer) return navigate(paths.dashboard.otoOffers.href())
    reset(emptyOtoOfferValues)
    setDropZoneKey((key) => key + 1)
    clearFormError()
  }

  const field = { control, disabled: formState.isSubmitting, fullWidth: true }
  // A field whose 'show' box changed is checked again: hidden, it has nothing left to complain about.
  const recheck = (name: keyof OtoOfferFormValues) => () => void trigger(name)
  const imageField = { control, disabled: formState.isSubmitting }

  return (
    <OfferFormLayout
      title={formTitle('oto', offer !== undefined)}
      onSubmit={onSubmit}
      onCancel={cancel}
      saving={formState.isSubmitting}
      formError={formError}
      columns={2}
    >
      <FormPanel title="Details">
        <FormTextField {...field} name="headline" label="Headline" required />
        <FormTextField {...field} name="url" label="Product URL" type="url" placeholder="https://" required />
        <FormTextField {...field} name="opt_in_button" label="Opt-in Button Text" required />
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2.5 }}>
          <CurrencyField {...field} name="currency" />
          <FormTextField {...field} name="product_price" label="Product Price" slotProps={priceSlotProps(symbol)} required />
        </Box>
        <ShowToggleField
          {...field}
          name="video_url"
          showName="show.video_url"
          label="Video URL"
          type="url"
          placeholder="https://"
          onShownChange={recheck('video_url')}
        />
        <ShowToggleField
          {...field}
          name="description"
          showName="show.description"
          label="Description"
          multiline
          rows={3}
          onShownChange={recheck('description')}
        />
      </FormPanel>
      <FormPanel title="Images">
        <FormImageField key={dropZoneKey} {...imageField} name="asset_image" showName="show.asset_image" label="Asset Image" />
        <FormImageField key={dropZoneKey} {...imageField} name="logo" showName="show.logo" label="Logo" />
      </FormPanel>
    </OfferFormLayout>
  )
}
