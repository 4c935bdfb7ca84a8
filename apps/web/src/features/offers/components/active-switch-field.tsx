import { FormControl, FormControlLabel, FormHelperText, Switch } from '@mui/material'
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form'

type ActiveSwitchFieldProps<V extends FieldValues> = { control: Control<V>; name: Path<V>; disabled: boolean }

/**
 * The form's Active switch, with the server's refusal under it (decision D27: an offer with a paid
 * BUMP or OTO cannot go live before the payment account is connected).
 */
export function ActiveSwitchField<V extends FieldValues>({ control, name, disabled }: ActiveSwitchFieldProps<V>) {
  const helperId = `${name}-helper`
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <FormControl error={fieldState.error !== undefined}>
          <FormControlLabel
            label="Active"
            disabled={disabled}
            control={
              <Switch
                checked={field.value === true}
                onChange={(event) => field.onChange(event.target.checked)}
                onBlur={field.onBlur}
                slotProps={{ input: fieldState.error ? { 'aria-describedby': helperId, 'aria-invalid': true } : {} }}
              />
            }
          />
          {fieldState.error && <FormHelperText id={helperId}>{fieldState.error.message}</FormHelperText>}
        </FormControl>
      )}
    />
  )
}
