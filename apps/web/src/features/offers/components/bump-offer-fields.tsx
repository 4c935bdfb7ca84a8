import { currencySymbol } from '@funnelry/shared'
import { useWatch } from 'react-hook-form'
import { FormImageField } from '../../../components/form-image-field'
import { FormTextField } from '../../../components/form-text-field'
import { ShowToggleField } from '../../../components/show-toggle-field'
import type { BumpOfferFormValues } from '../lib/bump-offer-form-values'
import { CurrencyField } from './currency-field'
import { OfferDescriptionField } from './offer-description-field'
import { FormPanel } from './offer-form-layout'
import type { PaidAddOnFieldsProps } from './paid-add-on-form'
import { priceSlotProps } from './price-input'

/** The BUMP offer's panels (spec section 5): only the URL is required, everything else has a 'show' box. */
export function BumpOfferFields(props: PaidAddOnFieldsProps<BumpOfferFormValues>) {
  const { control, disabled, recheck, dropZoneKey } = props
  const symbol = currencySymbol(useWatch({ control, name: 'currency' }))
  const field = { control, disabled, fullWidth: true }
  return (
    <>
      <FormPanel title="Details">
        <FormTextField {...field} name="url" label="Product URL" type="url" placeholder="https://" required />
        <ShowToggleField {...field} name="headline" showName="show.headline" label="Headline" onShownChange={recheck('headline')} />
        <OfferDescriptionField {...props} />
        <CurrencyField {...field} name="currency" />
        {(['old_price', 'new_price'] as const).map((name) => (
          <ShowToggleField
            key={name}
            {...field}
            name={name}
            showName={`show.${name}`}
            label={name === 'old_price' ? 'Old Price' : 'New Price'}
            slotProps={priceSlotProps(symbol)}
            onShownChange={recheck(name)}
          />
        ))}
      </FormPanel>
      <FormPanel title="Image">
        <FormImageField
          key={dropZoneKey}
          control={control}
          disabled={disabled}
          name="asset_image"
          showName="show.asset_image"
          label="Asset Image"
        />
      </FormPanel>
    </>
  )
}
