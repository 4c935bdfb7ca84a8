import Visibility from '@mui/icons-material/Visibility'
import VisibilityOff from '@mui/icons-material/VisibilityOff'
import { IconButton, InputAdornment } from '@mui/material'
import { useState } from 'react'
import type { FieldValues } from 'react-hook-form'
import { FormTextField, type FormTextFieldProps } from '../../../components/form-text-field'

/** A password field with the spec's show/hide toggle. */
export function PasswordField<T extends FieldValues>(props: Omit<FormTextFieldProps<T>, 'type'> & { label: string }) {
  const [visible, setVisible] = useState(false)
  const action = `${visible ? 'Hide' : 'Show'} ${props.label.toLowerCase()}`
  return (
    <FormTextField
      {...props}
      type={visible ? 'text' : 'password'}
      slotProps={{
        ...props.slotProps,
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton
                aria-label={action}
                title={action}
                onClick={() => setVisible((shown) => !shown)}
                edge="end"
                disabled={props.disabled}
              >
                {visible ? <VisibilityOff /> : <Visibility />}
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  )
}
