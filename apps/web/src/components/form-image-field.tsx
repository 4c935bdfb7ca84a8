import { FormHelperText, FormLabel, Stack } from '@mui/material'
import { type Control, Controller, type FieldValues, type Path, useWatch } from 'react-hook-form'
import { ImageDropZone, type ImageValue } from './image-drop-zone'
import { hiddenKeptNote, ShowCheckbox } from './show-checkbox'

type FormImageFieldProps<T extends FieldValues> = {
  control: Control<T>
  name: Path<T>
  label: string
  /** The boolean form value of the image's 'show' checkbox. */
  showName: Path<T>
  disabled?: boolean
}

/** An optional image of an offer form: its label, its 'show' checkbox and the drop zone. */
export function FormImageField<T extends FieldValues>({ control, name, label, showName, disabled = false }: FormImageFieldProps<T>) {
  const shown = Boolean(useWatch({ control, name: showName }))
  const value: unknown = useWatch({ control, name })
  const kept = !shown && value !== null && value !== undefined && value !== ''
  return (
    <Stack spacing={0.5}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <FormLabel component="span" disabled={disabled || !shown}>
          {label}
        </FormLabel>
        <Controller
          control={control}
          name={showName}
          render={({ field }) => (
            <ShowCheckbox fieldLabel={label} checked={Boolean(field.value)} disabled={disabled} onChange={field.onChange} />
          )}
        />
      </Stack>
      <Controller
        control={control}
        name={name}
        render={({ field, fieldState }) => (
          <ImageDropZone
            label={label}
            name={field.name}
            value={(field.value as ImageValue | undefined) ?? null}
            onChange={field.onChange}
            onBlur={field.onBlur}
            disabled={disabled || !shown}
            error={fieldState.error?.message}
          />
        )}
      />
      {kept && <FormHelperText>{hiddenKeptNote.image}</FormHelperText>}
    </Stack>
  )
}
