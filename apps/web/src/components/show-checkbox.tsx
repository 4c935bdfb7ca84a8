import { Checkbox, FormControlLabel } from '@mui/material'

type ShowCheckboxProps = {
  /** The field it belongs to, for its accessible name ('Show Sub Headline'). */
  fieldLabel: string
  checked: boolean
  onChange: (checked: boolean) => void
  disabled?: boolean
}

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
