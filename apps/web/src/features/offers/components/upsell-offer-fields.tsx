import { currencySymbol } from '@funnelry/shared'
import { Box } from '@mui/material'
import { useWatch } from 'react-hook-form'
import { FormImageField } from '../../../components/form-image-field'
import { FormTextField } from '../../../components/form-text-field'
import { ShowToggleField } from '../../../components/show-toggle-field'
import type { UpsellOfferFormValues } from '../lib/upsell-offer-form-values'
import { CurrencyField } from './currency-field'
import { OfferDescriptionField } from './offer-description-field'
import { FormPanel } from './offer-form-layout'
import type { PaidAddOnFieldsProps } from './paid-add-on-form'
import { priceSlotProps } from './price-input'

/** The upsell (OTO) offer's panels (spec section 5): headline, URL, button text and price are required. */
export function UpsellOfferFields(props: PaidAddOnFieldsProps<UpsellOfferFormValues>) {
  const { control, disabled, recheck, dropZoneKey } = props
  const symbol = currencySymbol(useWatch({ control, name: 'currency' }))
  const field = { control, disabled, fullWidth: true }
  const imageField = { control, disabled }
  return (
    <>
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
        <OfferDescriptionField {...props} />
      </FormPanel>
      <FormPanel title="Images">
        <FormImageField
          key={`asset_image-${dropZoneKey}`}
          {...imageField}
          name="asset_image"
          showName="show.asset_image"
          label="Asset Image"
        />
        <FormImageField key={`logo-${dropZoneKey}`} {...imageField} name="logo" showName="show.logo" label="Logo" />
      </FormPanel>
    </>
  )
}
