import { type Pixel, type PixelInput, pixelInputSchema, pixelTypeLabels, pixelTypes, settingsToasts } from '@funnelry/shared'
import { zodResolver } from '@hookform/resolvers/zod'
import { Box, Button, MenuItem, Stack } from '@mui/material'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { ConfirmDialog } from '../../../components/confirm-dialog'
import { FormActions } from '../../../components/form-actions'
import { FormTextField } from '../../../components/form-text-field'
import { toast } from '../../../lib/toast'
import { useReportUnsaved } from '../../../lib/unsaved-forms'
import { useCreatePixel } from '../api/create-pixel'
import { useDeletePixel } from '../api/delete-pixel'
import { useUpdatePixel } from '../api/update-pixel'

type PixelEntryProps = {
  /** The stored pixel; absent for a new entry that is not saved yet. */
  pixel?: Pixel
  /** Accessible name of the entry, e.g. "Pixel 2" or "New pixel". */
  label: string
  /** A new entry leaves the list: saved (the stored pixel takes its place) or discarded. */
  onDone?: () => void
}

const monospace = { fontFamily: 'monospace', fontSize: 14 } as const

/** Decision D7: the toast names the type's label, on create, update and delete alike. */
const announce = (pixel: Pixel) => toast(settingsToasts.pixel(pixelTypeLabels[pixel.pixel_type]), 'success')

/**
 * One advertising pixel: its type and free-text script, with Save and Delete. Spec section 8:
 * a failed save (or delete) is only logged; the entry keeps what was typed so nothing is lost.
 */
export function PixelEntry({ pixel, label, onDone }: PixelEntryProps) {
  const create = useCreatePixel()
  const update = useUpdatePixel()
  const remove = useDeletePixel()
  const { control, handleSubmit, reset, formState } = useForm<PixelInput>({
    resolver: zodResolver(pixelInputSchema),
    mode: 'all',
    defaultValues: { pixel_type: pixel?.pixel_type ?? 'facebook', script: pixel?.script ?? '' },
  })
  useReportUnsaved(formState.isDirty)
  const busy = formState.isSubmitting || remove.isPending
  const [confirming, setConfirming] = useState(false)

  const onSubmit = handleSubmit(async (values) => {
    try {
      if (pixel) {
        const saved = await update.mutateAsync({ id: pixel.id, patch: values })
        reset({ pixel_type: saved.pixel_type, script: saved.script })
        announce(saved)
      } else {
        announce(await create.mutateAsync(values))
        onDone?.()
      }
    } catch (error) {
      console.error('The advertising pixel could not be saved.', error)
    }
  })

  const onDelete = async () => {
    setConfirming(false)
    if (!pixel) {
      // Never saved: there is nothing to delete on the server, and nothing to announce.
      onDone?.()
      return
    }
    try {
      await remove.mutateAsync(pixel.id)
      announce(pixel)
    } catch (error) {
      console.error('The advertising pixel could not be deleted.', error)
    }
  }

  return (
    // A named form is a form landmark; role=group is not allowed on <form> (axe aria-allowed-role).
    <Box component="form" noValidate aria-label={label} onSubmit={onSubmit}>
      <Stack spacing={2}>
        <FormTextField control={control} name="pixel_type" label="Pixel Type" select fullWidth sx={{ maxWidth: { sm: 280 } }}>
          {pixelTypes.map((type) => (
            <MenuItem key={type} value={type}>
              {pixelTypeLabels[type]}
            </MenuItem>
          ))}
        </FormTextField>
        {/* Spec section 9: pixel scripts use 3 to 20 rows. */}
        <FormTextField
          control={control}
          name="script"
          label="Script"
          multiline
          minRows={3}
          maxRows={20}
          fullWidth
          placeholder="<script>…</script>, or the ID: 123456789012345, G-…, AW-…"
          slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'none', sx: monospace } }}
        />
        <FormActions>
          <Button
            variant="outlined"
            color="error"
            // A stored pixel is asked about first; a new, never-saved entry just goes away.
            onClick={() => (pixel ? setConfirming(true) : void onDelete())}
            disabled={busy}
            loading={remove.isPending}
          >
            Delete
          </Button>
          <Button type="submit" variant="contained" disabled={busy} loading={formState.isSubmitting}>
            Save
          </Button>
        </FormActions>
      </Stack>
      <ConfirmDialog
        open={confirming}
        title={pixel ? `Delete this ${pixelTypeLabels[pixel.pixel_type]} pixel?` : 'Delete this pixel?'}
        text="Its script stops running on your offer pages at once. This cannot be undone."
        confirmLabel="Delete"
        onConfirm={() => void onDelete()}
        onCancel={() => setConfirming(false)}
      />
    </Box>
  )
}
