import { MenuItem } from '@mui/material'
import type { FieldValues } from 'react-hook-form'
import { FormTextField, type FormTextFieldProps } from '../../../components/form-text-field'

/** A select of plain string options (spec section 3: the server's lists are rendered as plain values). */
export function FormSelectField<T extends FieldValues>({ options, ...props }: FormTextFieldProps<T> & { options: readonly string[] }) {
  return (
    <FormTextField {...props} select>
      {options.map((option) => (
        <MenuItem key={option} value={option}>
          {option}
        </MenuItem>
      ))}
    </FormTextField>
  )
}
