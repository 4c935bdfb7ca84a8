import { currencies } from '@funnelry/shared'
import { MenuItem } from '@mui/material'
import type { FieldValues } from 'react-hook-form'
import { FormTextField, type FormTextFieldProps } from '../../../components/form-text-field'

/** Decision D2: USD $, EUR €, GBP £ from the shared table; the form holds the numeric id. */
export function CurrencyField<T extends FieldValues>(props: Omit<FormTextFieldProps<T>, 'select' | 'label'>) {
  return (
    <FormTextField {...props} select label="Currency">
      {currencies.map((currency) => (
        <MenuItem key={currency.value} value={currency.value}>
          {`${currency.code.toUpperCase()} ${currency.symbol}`}
        </MenuItem>
      ))}
    </FormTextField>
  )
}
