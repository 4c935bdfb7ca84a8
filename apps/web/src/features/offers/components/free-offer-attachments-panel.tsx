import { TextField } from '@mui/material'
import type { Control } from 'react-hook-form'
import { usePaidAddOnDropdown } from '../api/get-paid-add-on-dropdown'
import type { PaidAddOnKind } from '../api/paid-add-on-endpoints'
import type { FreeOfferFormValues } from '../lib/free-offer-form-values'
import { FormPanel } from './offer-form-layout'
import { OfferSelectField } from './offer-select-field'

type FreeOfferAttachmentsPanelProps = {
  control: Control<FreeOfferFormValues>
  disabled: boolean
  onAddNew: (kind: PaidAddOnKind) => void
}

/** The free offer form's second panel: the BUMP and OTO dropdowns with 'Add New', and the price, fixed at 0. */
export function FreeOfferAttachmentsPanel({ control, disabled, onAddNew }: FreeOfferAttachmentsPanelProps) {
  const bumps = usePaidAddOnDropdown('bump')
  const upsells = usePaidAddOnDropdown('upsell')
  return (
    <FormPanel title="BUMP & OTO">
      <OfferSelectField
        control={control}
        name="bump_offer_id"
        label="BUMP Offer"
        disabled={disabled}
        items={bumps.data}
        loading={bumps.isFetching}
        failed={bumps.isError}
        onAddNew={() => onAddNew('bump')}
      />
      <OfferSelectField
        control={control}
        name="upsell_offer_id"
        label="OTO Offer"
        disabled={disabled}
        items={upsells.data}
        loading={upsells.isFetching}
        failed={upsells.isError}
        onAddNew={() => onAddNew('upsell')}
      />
      {/* Spec section 3: the price is fixed at 0 and disabled; it is never sent. Said why (issue 22). */}
      <TextField
        label="Price"
        value="0"
        disabled
        fullWidth
        helperText="A free offer is always free: visitors pay only for the BUMP or OTO you attach above."
        // Read as an explanation, not greyed out with the disabled field (colour contrast).
        slotProps={{ formHelperText: { sx: { '&.Mui-disabled': { color: 'text.secondary' } } } }}
      />
    </FormPanel>
  )
}
