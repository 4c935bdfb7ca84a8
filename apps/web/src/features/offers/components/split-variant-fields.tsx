import type { FreeOffer } from '@funnelry/shared'
import { Box, Button, MenuItem, Paper, Stack, TextField, Typography } from '@mui/material'
import type { ChangeEvent } from 'react'
import { ImageDropZone, type ImageValue } from '../../../components/image-drop-zone'
import { imageFileProblem } from '../../../lib/image-file'
import { noneChosen, samePage, type VariantDraft, type VariantText } from '../lib/split-test-draft'
import { SplitVariantPreview } from './split-variant-preview'

type Choices = { id: string; headline: string | null }[] | undefined

/** The page's texts a variant may change, in the order the form shows them. */
const textFields = [
  ['headline', 'Headline'],
  ['sub_headline', 'Sub-headline'],
  ['opt_in_button', 'Button text'],
] as const satisfies readonly (readonly [VariantText, string])[]

/**
 * One variant of "Start a split test": the page's fields it changes, its share of the visitors and a
 * preview of what its visitors will see. `errors` are this variant's (the browser's or the server's).
 */
export function SplitVariantFields({
  name,
  offer,
  draft,
  errors,
  bumps,
  upsells,
  disabled,
  onChange,
  onImage,
  onRemove,
}: {
  name: string
  offer: FreeOffer
  draft: VariantDraft
  errors: Record<string, string>
  bumps: Choices
  upsells: Choices
  disabled: boolean
  onChange: (draft: VariantDraft) => void
  /** The image chosen (after its check, so perhaps after other changes: not through `onChange`'s whole draft). */
  onImage: (image: ImageValue) => void
  /** Absent while this is the only variant: a test needs one. */
  onRemove?: () => void
}) {
  const set = (field: VariantText) => (event: { target: { value: string } }) => onChange({ ...draft, [field]: event.target.value })
  const headingId = `split-variant-${draft.key}`
  return (
    <Paper component="section" variant="outlined" aria-labelledby={headingId} sx={{ p: { xs: 1.5, sm: 2 } }}>
      <Stack spacing={2}>
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', gap: 1 }}>
          <Typography id={headingId} variant="h5" component="h3">
            {name}
          </Typography>
          {onRemove && (
            <Button color="error" onClick={onRemove} disabled={disabled} aria-label={`Remove ${name}`} sx={{ minHeight: 44 }}>
              Remove
            </Button>
          )}
        </Stack>
        {/* Two columns on wide screens (what the page says | what it sells, its share and the preview), one on a phone. */}
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            alignItems: 'start',
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
          }}
        >
          <Stack spacing={2}>
            {textFields.map(([field, label]) => (
              <TextField
                key={field}
                label={label}
                value={draft[field]}
                onChange={set(field)}
                disabled={disabled}
                error={Boolean(errors[field])}
                helperText={errors[field]}
              />
            ))}
            {/* The zone's name is only spoken: the seller reading the two columns sees it too. */}
            <Stack spacing={0.5}>
              <Typography variant="body2" color="text.secondary">
                Image (leave empty to keep the page’s)
              </Typography>
              <ImageDropZone
                label="Image (leave empty to keep the page’s)"
                name={`asset_image_${draft.key}`}
                value={draft.image}
                onChange={onImage}
                disabled={disabled}
                error={errors.asset_image}
                // A file that is not a PNG or JPEG picture (a text file named "fake.png") is refused
                // here: the server would refuse it only after the test had started.
                check={imageFileProblem}
              />
            </Stack>
          </Stack>
          <Stack spacing={2}>
            <AddOnSelect
              label="BUMP offer"
              none="No BUMP offer"
              value={draft.bump}
              onChange={set('bump')}
              disabled={disabled}
              error={errors.bump_offer_id}
              choices={bumps}
            />
            <AddOnSelect
              label="OTO offer"
              none="No OTO offer"
              value={draft.upsell}
              onChange={set('upsell')}
              disabled={disabled}
              error={errors.upsell_offer_id}
              choices={upsells}
            />
            <TextField
              label="Share of visitors for this variant (%)"
              type="number"
              value={draft.weight}
              onChange={set('weight')}
              disabled={disabled}
              error={Boolean(errors.weight)}
              helperText={errors.weight}
              slotProps={{ htmlInput: { min: 1, max: 99, step: 1 } }}
            />
            <SplitVariantPreview name={name} offer={offer} draft={draft} bumps={bumps} upsells={upsells} />
          </Stack>
        </Box>
      </Stack>
    </Paper>
  )
}

/** A variant's BUMP or OTO: the page's, none, or one of the seller's offers. */
function AddOnSelect({
  label,
  none,
  value,
  onChange,
  disabled,
  error,
  choices,
}: {
  label: string
  none: string
  value: string
  onChange: (event: ChangeEvent<HTMLInputElement>) => void
  disabled: boolean
  error: string | undefined
  choices: Choices
}) {
  return (
    <TextField select label={label} value={value} onChange={onChange} disabled={disabled} error={Boolean(error)} helperText={error}>
      <MenuItem value={samePage}>The page’s, as it is now</MenuItem>
      <MenuItem value={noneChosen}>{none}</MenuItem>
      {(choices ?? []).map((item) => (
        <MenuItem key={item.id} value={item.id}>
          {item.headline ?? 'Untitled'}
        </MenuItem>
      ))}
    </TextField>
  )
}
