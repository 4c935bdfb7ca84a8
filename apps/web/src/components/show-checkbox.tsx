import { Checkbox, FormControlLabel } from '@mui/material'

type ShowCheckboxProps = {
  /** The field it belongs to, for its accessible name ('Show Sub Headline'). */
  fieldLabel: string
  checked: boolean
  onChange: (checked: boolean) => void
  disabled?: boolean
}

/**
 * Issue 15: a hidden field is sent empty (spec section 2), but the form keeps what the seller
 * typed or chose, so checking 'show' again brings it back. Shown under a hidden field that holds something.
 */
export const hiddenKeptNote = {
  text: 'Hidden text is kept until you leave this page.',
  image: 'Hidden image is kept until you leave this page.',
} as const

/** Spec section 2: each optional field's 'show' checkbox; unchecked disables the field and sends it empty. */
export function ShowCheckbox({ fieldLabel, checked, onChange, disabled }: ShowCheckboxProps) {
  return (
    <FormControlLabel
      label="Show"
      disabled={disabled}
      sx={{ mr: 0, flexShrink: 0 }}
      control={
        <Checkbox
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
          slotProps={{ input: { 'aria-label': `Show ${fieldLabel}` } }}
        />
      }
    />
  )
}
