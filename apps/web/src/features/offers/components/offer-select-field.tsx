import type { OfferDropdownItem } from '@funnelry/shared'
import { Button, MenuItem, Stack } from '@mui/material'
import { type FieldValues, useWatch } from 'react-hook-form'
import { FormTextField, type FormTextFieldProps } from '../../../components/form-text-field'

type OfferSelectFieldProps<T extends FieldValues> = Omit<FormTextFieldProps<T>, 'select' | 'children'> & {
  label: string
  items: OfferDropdownItem[] | undefined
  loading: boolean
  failed: boolean
  /** 'Add New': leaves for the matching add screen, keeping the form as a draft. */
  onAddNew: () => void
}

/** A BUMP or OTO dropdown of the free offer form (None and the seller's offers) with its 'Add New' button. */
export function OfferSelectField<T extends FieldValues>({ items, loading, failed, onAddNew, label, ...props }: OfferSelectFieldProps<T>) {
  const chosen = String(useWatch({ control: props.control, name: props.name }) ?? '')
  // Until the list arrives (or when it failed) the chosen offer is not among the items, and a select needs its value as an option.
  const missing = chosen !== '' && !(items ?? []).some((item) => item.id === chosen)
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
      <FormTextField
        {...props}
        select
        label={label}
        fullWidth
        helperText={failed ? 'The offers could not be loaded. Reload the page to try again.' : props.helperText}
        slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
      >
        <MenuItem value="">None</MenuItem>
        {(items ?? []).map((item) => (
          <MenuItem key={item.id} value={item.id}>
            {item.headline ?? 'Untitled offer'}
          </MenuItem>
        ))}
        {missing && <MenuItem value={chosen}>{loading ? 'Loading…' : 'Unavailable offer'}</MenuItem>}
      </FormTextField>
      <Button variant="outlined" onClick={onAddNew} aria-label={`Add New ${label}`} sx={{ flexShrink: 0, mt: 1 }}>
        Add New
      </Button>
    </Stack>
  )
}
