import { Stack } from '@mui/material'
import { Controller, type FieldValues, type Path, useWatch } from 'react-hook-form'
import { FormTextField, type FormTextFieldProps } from './form-text-field'
import { hiddenKeptNote, ShowCheckbox } from './show-checkbox'

export type ShowToggleFieldProps<T extends FieldValues> = FormTextFieldProps<T> & {
  label: string
  /** The boolean form value of this field's 'show' checkbox. */
  showName: Path<T>
  /** Called after the checkbox changes, e.g. to validate the field again (a hidden field has nothing to check). */
  onShownChange?: (shown: boolean) => void
}

/** An optional text field with its 'show' checkbox: unchecked keeps the text (and says so) but disables the field. */
export function ShowToggleField<T extends FieldValues>({ showName, onShownChange, disabled, ...props }: ShowToggleFieldProps<T>) {
  const shown = Boolean(useWatch({ control: props.control, name: showName }))
  const value: unknown = useWatch({ control: props.control, name: props.name })
  const kept = !shown && typeof value === 'string' && value.trim() !== ''
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
      <FormTextField
        {...props}
        disabled={disabled || !shown}
        fullWidth
        helperText={kept ? hiddenKeptNote.text : props.helperText}
        // The note must stay readable under a disabled field (a disabled helper text is too faint to read).
        slotProps={{ ...props.slotProps, formHelperText: { disabled: false } }}
      />
      <Controller
        control={props.control}
        name={showName}
        render={({ field }) => (
          <ShowCheckbox
            fieldLabel={props.label}
            checked={Boolean(field.value)}
            disabled={disabled}
            onChange={(checked) => {
              field.onChange(checked)
              onShownChange?.(checked)
            }}
          />
        )}
      />
    </Stack>
  )
}
