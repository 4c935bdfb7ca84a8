import type { FreeOffer, SplitVariantCreateInput } from '@funnelry/shared'
import { Alert, Button, MenuItem, Stack, TextField, Typography } from '@mui/material'
import { type ChangeEvent, type FormEvent, useState } from 'react'
import { ImageDropZone, type ImageValue } from '../../../components/image-drop-zone'
import { fieldErrors, nonFieldError } from '../../../lib/api-error'
import { usePaidAddOnDropdown } from '../api/get-paid-add-on-dropdown'
import { useCreateVariant } from '../api/split-tests'

/** A dropdown's value: the page's own add-on, none, or one of the seller's. */
const samePage = 'same'
const noneChosen = 'none'

const addOnChoice = (value: string): string | null | undefined => (value === samePage ? undefined : value === noneChosen ? null : value)

/**
 * Issue 27: "Start a split test": a variant made from the page, with the fields the seller changes
 * (prefilled with the page's), its share of the visitors and the minimum run before any verdict.
 */
export function SplitVariantForm({ offer, starting }: { offer: FreeOffer; starting: boolean }) {
  const create = useCreateVariant(offer.id)
  const bumps = usePaidAddOnDropdown('bump')
  const upsells = usePaidAddOnDropdown('upsell')
  const [values, setValues] = useState({
    headline: offer.headline,
    sub_headline: offer.sub_headline ?? '',
    opt_in_button: offer.opt_in_button,
    bump: samePage,
    upsell: samePage,
    weight: '50',
    minimum_days: '14',
    minimum_visitors: '200',
  })
  // The page's own image unless the seller drops another one for this variant.
  const [image, setImage] = useState<ImageValue>(null)
  const set = (field: keyof typeof values) => (event: { target: { value: string } }) =>
    setValues({ ...values, [field]: event.target.value })
  const errors = fieldErrors(create.error)

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const body: SplitVariantCreateInput = {
      headline: values.headline,
      sub_headline: values.sub_headline,
      opt_in_button: values.opt_in_button,
      weight: Number(values.weight),
      ...(addOnChoice(values.bump) !== undefined ? { bump_offer_id: addOnChoice(values.bump) } : {}),
      ...(addOnChoice(values.upsell) !== undefined ? { upsell_offer_id: addOnChoice(values.upsell) } : {}),
      ...(starting ? { minimum_days: Number(values.minimum_days), minimum_visitors: Number(values.minimum_visitors) } : {}),
    }
    create.mutate({ body, image: image instanceof File ? image : null })
  }

  return (
    <Stack component="form" spacing={2} onSubmit={submit} noValidate aria-label={starting ? 'Start a split test' : 'Add a variant'}>
      <Typography variant="body2" color="text.secondary">
        Change what you want to test; the rest stays as on the page. Visitors are split by the weights and keep seeing the same variant.
      </Typography>
      {nonFieldError(create.error) && <Alert severity="error">{nonFieldError(create.error)}</Alert>}
      <TextField
        label="Headline"
        value={values.headline}
        onChange={set('headline')}
        error={Boolean(errors.headline)}
        helperText={errors.headline}
      />
      <TextField
        label="Sub-headline"
        value={values.sub_headline}
        onChange={set('sub_headline')}
        error={Boolean(errors.sub_headline)}
        helperText={errors.sub_headline}
      />
      <TextField
        label="Button text"
        value={values.opt_in_button}
        onChange={set('opt_in_button')}
        error={Boolean(errors.opt_in_button)}
        helperText={errors.opt_in_button}
      />
      <ImageDropZone
        label="Image (leave empty to keep the page’s)"
        name="asset_image"
        value={image}
        onChange={setImage}
        error={errors.asset_image}
      />
      <AddOnSelect
        label="BUMP offer"
        none="No BUMP offer"
        value={values.bump}
        onChange={set('bump')}
        error={errors.bump_offer_id}
        choices={bumps.data}
      />
      <AddOnSelect
        label="OTO offer"
        none="No OTO offer"
        value={values.upsell}
        onChange={set('upsell')}
        error={errors.upsell_offer_id}
        choices={upsells.data}
      />
      <TextField
        label="Share of visitors for this variant (%)"
        type="number"
        value={values.weight}
        onChange={set('weight')}
        error={Boolean(errors.weight)}
        helperText={errors.weight ?? (starting ? 'The original page gets the rest.' : undefined)}
        slotProps={{ htmlInput: { min: 1, max: 99, step: 1 } }}
      />
      {starting && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField
            label="Minimum run (days)"
            type="number"
            value={values.minimum_days}
            onChange={set('minimum_days')}
            error={Boolean(errors.minimum_days)}
            helperText={errors.minimum_days ?? 'No verdict before this.'}
            slotProps={{ htmlInput: { min: 1, max: 90, step: 1 } }}
          />
          <TextField
            label="Minimum visitors per variant"
            type="number"
            value={values.minimum_visitors}
            onChange={set('minimum_visitors')}
            error={Boolean(errors.minimum_visitors)}
            helperText={errors.minimum_visitors}
            slotProps={{ htmlInput: { min: 0, step: 1 } }}
          />
        </Stack>
      )}
      <Stack direction="row">
        <Button type="submit" variant="contained" disabled={create.isPending}>
          {starting ? 'Start the test' : 'Add the variant'}
        </Button>
      </Stack>
    </Stack>
  )
}

/** A variant's BUMP or OTO: the page's, none, or one of the seller's offers. */
function AddOnSelect({
  label,
  none,
  value,
  onChange,
  error,
  choices,
}: {
  label: string
  none: string
  value: string
  onChange: (event: ChangeEvent<HTMLInputElement>) => void
  error: string | undefined
  choices: { id: string; headline: string | null }[] | undefined
}) {
  return (
    <TextField select label={label} value={value} onChange={onChange} error={Boolean(error)} helperText={error}>
      <MenuItem value={samePage}>Same as the page</MenuItem>
      <MenuItem value={noneChosen}>{none}</MenuItem>
      {(choices ?? []).map((item) => (
        <MenuItem key={item.id} value={item.id}>
          {item.headline ?? 'Untitled'}
        </MenuItem>
      ))}
    </TextField>
  )
}
