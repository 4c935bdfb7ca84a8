import { type FreeOffer, maxVariants, messages, splitOriginalName, splitTestMessages } from '@funnelry/shared'
import Add from '@mui/icons-material/Add'
import { Alert, Button, Stack, TextField, Typography } from '@mui/material'
import { type ChangeEvent, type FormEvent, useEffect, useRef, useState } from 'react'
import type { ImageValue } from '../../../components/image-drop-zone'
import { detailMessage, fieldErrors, isApiError, nonFieldError } from '../../../lib/api-error'
import { toast } from '../../../lib/toast'
import { usePaidAddOnDropdown } from '../api/get-paid-add-on-dropdown'
import { useStartSplitTest, VariantImageError } from '../api/split-tests'
import {
  bodyErrors,
  canAddVariant,
  evenWeights,
  type MinimumRun,
  originalShare,
  type PlacedErrors,
  placeErrors,
  shareProblem,
  splitEvenly,
  startBody,
  type VariantDraft,
  variantFromPage,
  variantName,
} from '../lib/split-test-draft'
import { SplitAlreadyRunning } from './split-already-running'
import { SplitVariantFields } from './split-variant-fields'

/** What went wrong, placed where the seller fixes it. */
type Problems = PlacedErrors
const noProblems: Problems = { variants: [], minimum: {}, split: null, form: null }

/** The API fields a change of the draft touched (the names its field errors carry). */
const apiField: Partial<Record<keyof VariantDraft, string>> = { bump: 'bump_offer_id', upsell: 'upsell_offer_id', image: 'asset_image' }
const changedFields = (before: VariantDraft, after: VariantDraft) =>
  (Object.keys(after) as (keyof VariantDraft)[]).filter((key) => before[key] !== after[key]).map((key) => apiField[key] ?? key)

/** The server's 409 when a test was started meanwhile (another tab): the shared text is the contract. */
const isAlreadyRunning = (error: unknown) =>
  isApiError(error) && error.status === 409 && detailMessage(error) === splitTestMessages.alreadyRunning

/**
 * Issue 27: "Start a split test": one to four variants made from the page, each with the fields the
 * seller changes (prefilled with the page's), its share of the visitors and a preview, and the
 * minimum run before any verdict. The original page gets the share the variants leave.
 * `firstVariant`: how many variants the offer's tests had, so the names go on from theirs;
 * `testNumber`: the number the test will have, which names its original. `onAlreadyRunning`: the
 * start was refused because a test runs now; the page must keep this form (and what it holds) shown.
 * `onStarted`: this form's test runs.
 */
export function SplitTestForm({
  offer,
  firstVariant = 0,
  testNumber,
  onAlreadyRunning,
  onStarted,
}: {
  offer: FreeOffer
  firstVariant?: number
  testNumber: number
  onAlreadyRunning: () => void
  onStarted: () => void
}) {
  const start = useStartSplitTest(offer.id)
  const bumps = usePaidAddOnDropdown('bump')
  const upsells = usePaidAddOnDropdown('upsell')
  const [drafts, setDrafts] = useState<VariantDraft[]>(() => [variantFromPage(offer, evenWeights(1).variants[0] ?? 50)])
  const [minimum, setMinimum] = useState({ minimum_days: '14', minimum_visitors: '200' })
  const [problems, setProblems] = useState<Problems>(noProblems)
  const latestDrafts = useRef(drafts)
  useEffect(() => {
    latestDrafts.current = drafts
  })
  const [refused, setRefused] = useState(false)
  const original = originalShare(drafts)
  const split = shareProblem(drafts) ?? problems.split

  const name = (index: number) => variantName(index, firstVariant)
  const change = (index: number) => (draft: VariantDraft) => {
    const before = drafts[index]
    setDrafts(drafts.map((each, at) => (at === index ? draft : each)))
    // A message goes once the seller changes the field it was about; the split's (the original's
    // share) once any share changes.
    const errors = problems.variants[index]
    if (!before) return
    const edited = new Set(changedFields(before, draft))
    const kept = errors && Object.fromEntries(Object.entries(errors).filter(([field]) => !edited.has(field)))
    setProblems({
      ...problems,
      variants: problems.variants.map((each, at) => (at === index && kept ? kept : each)),
      split: edited.has('weight') ? null : problems.split,
    })
  }
  // An image is checked before it is taken, so it comes after a moment: it goes to the variant it was
  // chosen for as the drafts are then (the seller may have typed, or removed a variant, meanwhile).
  const changeImage = (key: VariantDraft['key']) => (image: ImageValue) => {
    setDrafts((current) => current.map((each) => (each.key === key ? { ...each, image } : each)))
    const index = latestDrafts.current.findIndex((each) => each.key === key)
    setProblems((current) => ({
      ...current,
      variants: current.variants.map((each, at) => {
        if (at !== index) return each
        const { asset_image: _gone, ...kept } = each
        return kept
      }),
    }))
  }
  // Adding or removing a variant splits the visitors evenly again; the seller adjusts from there.
  const add = () => {
    setDrafts(splitEvenly([...drafts, variantFromPage(offer, 0)]))
    setProblems({ ...problems, split: null })
  }
  const remove = (index: number) => {
    setDrafts(splitEvenly(drafts.filter((_, at) => at !== index)))
    // Messages belong to the variant they were about: the ones after it move up with it.
    setProblems({ ...problems, variants: problems.variants.filter((_, at) => at !== index), split: null })
  }
  const evenly = () => {
    setDrafts(splitEvenly(drafts))
    setProblems({ ...problems, split: null })
  }
  const changeMinimum = (field: keyof MinimumRun) => (event: ChangeEvent<HTMLInputElement>) => {
    setMinimum({ ...minimum, [field]: event.target.value })
    const { [field]: _gone, ...kept } = problems.minimum
    setProblems({ ...problems, minimum: kept })
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const body = startBody(drafts, minimum)
    const local = placeErrors(bodyErrors(body), drafts.length)
    setProblems(local)
    setRefused(false)
    if (shareProblem(drafts) || local.split || local.form || Object.keys(local.minimum).length) return
    if (local.variants.some((errors) => Object.keys(errors).length > 0)) return
    const images = drafts.map((draft) => (draft.image instanceof File ? draft.image : null))
    start.mutate(
      { body, images },
      {
        onSuccess: onStarted,
        onError: (error) => {
          if (isAlreadyRunning(error)) {
            // Said once, above the form, with the way to the running test; nothing typed is touched.
            setRefused(true)
            onAlreadyRunning()
            return
          }
          if (error instanceof VariantImageError) {
            onStarted()
            // The test runs (it started in one call); only that variant's own image is missing.
            const said = nonFieldError(error.reason) ?? Object.values(fieldErrors(error.reason))[0] ?? detailMessage(error.reason)
            // The server's sentence keeps its own full stop ("…image.", not "…image..").
            const reason = said ? `: ${said.replace(/\.$/, '')}` : ''
            toast(`The test started, but the image of ${name(error.index)} was not saved${reason}. It shows the page’s image.`, 'warning')
            return
          }
          const placed = placeErrors(fieldErrors(error), drafts.length)
          const said = nonFieldError(error) ?? detailMessage(error) ?? placed.form
          const anywhere =
            placed.variants.some((errors) => Object.keys(errors).length > 0) || Object.keys(placed.minimum).length > 0 || placed.split
          setProblems({ ...placed, form: said ?? (anywhere ? null : messages.somethingWentWrong) })
        },
      },
    )
  }

  const summary = [
    `${splitOriginalName(testNumber)} ${original === null ? '?' : `${original}%`}`,
    ...drafts.map((draft, index) => `${name(index)} ${draft.weight.trim() || '?'}%`),
  ].join(' · ')
  const pending = start.isPending

  return (
    <Stack component="form" spacing={2} onSubmit={submit} noValidate aria-label="Start a split test">
      <Typography variant="body2" color="text.secondary">
        Each variant starts as a copy of the page as it is now: change what you want to test. A variant keeps its copy while the test runs
        (editing the page later changes the original only). Visitors are split by the shares below and keep seeing the same page.
      </Typography>
      {refused && <SplitAlreadyRunning message={splitTestMessages.alreadyRunning} />}
      {problems.form && <Alert severity="error">{problems.form}</Alert>}
      {drafts.map((draft, index) => (
        <SplitVariantFields
          key={draft.key}
          name={name(index)}
          offer={offer}
          draft={draft}
          errors={problems.variants[index] ?? {}}
          bumps={bumps.data}
          upsells={upsells.data}
          disabled={pending}
          onChange={change(index)}
          onImage={changeImage(draft.key)}
          onRemove={drafts.length > 1 ? () => remove(index) : undefined}
        />
      ))}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
        <Button
          startIcon={<Add />}
          variant="outlined"
          onClick={add}
          disabled={pending || !canAddVariant(drafts)}
          sx={{ minHeight: 44, alignSelf: 'flex-start' }}
        >
          Add another variant
        </Button>
        <Typography variant="body2" color="text.secondary">
          {canAddVariant(drafts)
            ? `Up to ${maxVariants} variants; adding or removing one splits the visitors evenly again.`
            : splitTestMessages.tooManyVariants}
        </Typography>
      </Stack>
      <Stack spacing={1} role="group" aria-label="Traffic split">
        <Typography variant="h5" component="h3">
          Traffic split
        </Typography>
        <Typography aria-live="polite">{summary}</Typography>
        {split ? (
          <Alert severity="error">{split}</Alert>
        ) : (
          <Typography variant="body2" color="text.secondary">
            The original page gets the share the variants leave.
          </Typography>
        )}
        <Button onClick={evenly} disabled={pending} sx={{ minHeight: 44, alignSelf: 'flex-start' }}>
          Split evenly
        </Button>
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          label="Minimum run (days)"
          type="number"
          value={minimum.minimum_days}
          onChange={changeMinimum('minimum_days')}
          disabled={pending}
          error={Boolean(problems.minimum.minimum_days)}
          helperText={problems.minimum.minimum_days ?? 'No verdict before this.'}
          slotProps={{ htmlInput: { min: 1, max: 90, step: 1 } }}
        />
        <TextField
          label="Minimum visitors per variant"
          type="number"
          value={minimum.minimum_visitors}
          onChange={changeMinimum('minimum_visitors')}
          disabled={pending}
          error={Boolean(problems.minimum.minimum_visitors)}
          helperText={problems.minimum.minimum_visitors}
          slotProps={{ htmlInput: { min: 0, step: 1 } }}
        />
      </Stack>
      <Stack direction="row">
        <Button type="submit" variant="contained" loading={pending} sx={{ minHeight: 44 }}>
          Start the test
        </Button>
      </Stack>
    </Stack>
  )
}
