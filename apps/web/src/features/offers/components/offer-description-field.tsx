import type { FieldValues, Path } from 'react-hook-form'
import { ShowToggleField } from '../../../components/show-toggle-field'
import type { PaidAddOnFieldsProps } from './paid-add-on-form'

type WithDescription = FieldValues & { description: string; show: { description: boolean } }

/** The paid add-ons' description: three lines, with its 'show' box. */
export function OfferDescriptionField<V extends WithDescription>({ control, disabled, recheck }: PaidAddOnFieldsProps<V>) {
  const name = 'description' as Path<V>
  return (
    <ShowToggleField
      control={control}
      disabled={disabled}
      fullWidth
      name={name}
      showName={'show.description' as Path<V>}
      label="Description"
      multiline
      rows={3}
      onShownChange={recheck(name)}
    />
  )
}
