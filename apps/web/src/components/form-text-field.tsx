import { TextField, type TextFieldProps } from '@mui/material'
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form'

export type FormTextFieldProps<T extends FieldValues> = Omit<TextFieldProps, 'name' | 'value' | 'onChange' | 'onBlur' | 'error'> & {
  control: Control<T>
  name: Path<T>
  /** Called after each change, e.g. to clear a server message that no longer applies. */
  onValueChange?: () => void
}

/** A MUI text field bound to react-hook-form; the field's first error is its helper text. */
export function FormTextField<T extends FieldValues>({ control, name, onValueChange, helperText, ...props }: FormTextFieldProps<T>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          {...props}
          name={field.name}
          value={field.value ?? ''}
          inputRef={field.ref}
          onBlur={field.onBlur}
          onChange={(event) => {
            field.onChange(event)
            onValueChange?.()
          }}
          error={fieldState.error !== undefined}
          helperText={fieldState.error?.message ?? helperText}
        />
      )}
    />
  )
}
