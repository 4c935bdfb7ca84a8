import { Stack } from '@mui/material'
import { Controller, type FieldValues, type Path, useWatch } from 'react-hook-form'
import { FormTextField, type FormTextFieldProps } from './form-text-field'
import { ShowCheckbox } from './show-checkbox'

export type ShowToggleFieldProps<T extends FieldValues> = FormTextFieldProps<T> & {
  label: string
  /** The boolean form value of this field's 'show' checkbox. */
  showName: Path<T>
  /** Called after the checkbox changes, e.g. to validate the field again (a hidden field has nothing to check). */
  onShownChange?: (shown: boolean) => void
}

/** An optional text field with its 'show' checkbox: unchecked keeps the text but disables the field. */
export function ShowToggleField<T extends FieldValues>({ showName, onShownChange, disabled, ...props }: ShowToggleFieldProps<T>) {
  const shown = Boolean(useWatch({ control: props.control, name: showName }))
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
      <FormTextField {...props} disabled={disabled || !shown} fullWidth />
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
