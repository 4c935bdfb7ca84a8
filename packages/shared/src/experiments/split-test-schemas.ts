import { z } from 'zod'
import { requiredText } from '../common/fields.js'
import { imageField, offerMessages, optionalOfferId, optionalText } from '../offers/offer-fields.js'

/*
 * Split tests (issue 27, decision D36): variants of a free offer's page, each with a share of the
 * traffic, and the results judged on revenue per visitor. Weights are whole percentages of the
 * visitors: the control (the page itself) and its variants add up to 100.
 */

export const splitTestMessages = {
  weight: 'Use a whole number of percent between 1 and 99.',
  weightsSum: (total: number) => `The traffic weights must add up to 100%: these add up to ${total}%.`,
  tooManyVariants: 'A split test has at most 4 variants besides the page itself.',
  startedWithVisitors:
    'This split test already has visitors: its variants and weights can no longer change. Pick a winner to end it, then start a new one.',
  notRunning: 'This offer has no split test running.',
  alreadyEnded: 'This split test has already ended.',
  chooseVariant: 'Choose one of the variants of this split test.',
  minimumDays: 'Use a whole number of days between 1 and 90.',
  minimumVisitors: 'Use a whole number of visitors between 0 and 1000000.',
  archived: 'Restore this offer before starting a split test.',
  originalShare: (taken: number) =>
    `The variants take ${taken}% of the visitors: together they can take at most 99%, so the original page keeps at least 1%.`,
  alreadyRunning: 'A split test is already running on this offer: pick a winner to end it before starting a new one.',
  nameTaken: (name: string) => `“${name}” already names a variant of this offer: choose another name.`,
} as const

export const maxVariants = 4

/** Spreadsheet-style letters: 0 → A, 25 → Z, 26 → AA. */
function letters(index: number): string {
  const rest = Math.floor(index / 26)
  return `${rest > 0 ? letters(rest - 1) : ''}${String.fromCharCode(65 + (index % 26))}`
}

/**
 * The name of the offer's `index`-th variant (0 → "Variant B"), counted across all of the offer's
 * split tests: names never repeat on one offer, so a lead or order of a past test's "Variant B" cannot
 * be taken for the next test's variants (docs/decisions/0029-split-test-history.md).
 */
export const splitVariantName = (index: number) => `Variant ${letters(index + 1)}`

/** The original of the offer's `number`-th test: the page it started from differs from test to test. */
export const splitOriginalName = (number: number) => (number <= 1 ? 'Original' : `Original (test ${number})`)

const percent = () =>
  z
    .number({ error: splitTestMessages.weight })
    .int(splitTestMessages.weight)
    .min(1, splitTestMessages.weight)
    .max(99, splitTestMessages.weight)

/**
 * POST /free-product/{id}/variants/: a variant made from the page. A content field left out keeps
 * the page's; null (or empty) removes the sub-headline, the bump or the upsell. The first variant
 * starts the test: `control_weight` (default 100 - weight) and the minimum run are set then.
 */
export const splitVariantCreateSchema = z.strictObject({
  name: z.string().trim().max(60, 'Use at most 60 characters.').optional(),
  headline: requiredText(255).optional(),
  sub_headline: optionalText(500).optional(),
  opt_in_button: requiredText(100).optional(),
  bump_offer_id: optionalOfferId(offerMessages.chooseBump).optional(),
  upsell_offer_id: optionalOfferId(offerMessages.chooseUpsell).optional(),
  weight: percent(),
  control_weight: percent().optional(),
  minimum_days: z
    .number({ error: splitTestMessages.minimumDays })
    .int(splitTestMessages.minimumDays)
    .min(1, splitTestMessages.minimumDays)
    .max(90, splitTestMessages.minimumDays)
    .optional(),
  minimum_visitors: z
    .number({ error: splitTestMessages.minimumVisitors })
    .int(splitTestMessages.minimumVisitors)
    .min(0, splitTestMessages.minimumVisitors)
    .max(1_000_000, splitTestMessages.minimumVisitors)
    .optional(),
})
export type SplitVariantCreate = z.output<typeof splitVariantCreateSchema>
export type SplitVariantCreateInput = z.input<typeof splitVariantCreateSchema>

/**
 * POST /free-product/{id}/experiment/: starts a test with all its variants in one transaction (no
 * window in which a visitor meets half a test). `control_weight` defaults to what the variants leave.
 */
export const splitTestStartSchema = z.strictObject({
  variants: z
    .array(splitVariantCreateSchema.omit({ control_weight: true, minimum_days: true, minimum_visitors: true }))
    .min(1, 'Add at least one variant.')
    .max(maxVariants, splitTestMessages.tooManyVariants),
  control_weight: percent().optional(),
  minimum_days: splitVariantCreateSchema.shape.minimum_days,
  minimum_visitors: splitVariantCreateSchema.shape.minimum_visitors,
})
export type SplitTestStart = z.output<typeof splitTestStartSchema>
export type SplitTestStartInput = z.input<typeof splitTestStartSchema>

/** PATCH /free-product/{id}/variants/{variant_id}/: content or weight, before the first visitor. */
export const splitVariantUpdateSchema = splitVariantCreateSchema
  .omit({ weight: true, minimum_days: true, minimum_visitors: true })
  .extend({ weight: percent().optional() })
export type SplitVariantUpdate = z.output<typeof splitVariantUpdateSchema>

/**
 * PUT /free-product/{id}/variants/{variant_id}/image/ (multipart): the variant's own image, checked
 * and stored as the offer's; '' or null removes it, and the variant shows the page's image again.
 */
export const splitVariantImageSchema = z.strictObject({ asset_image: imageField() })
export type SplitVariantImage = z.output<typeof splitVariantImageSchema>

export const splitWinnerSchema = z.strictObject({ variant_id: z.string({ error: splitTestMessages.chooseVariant }) })
export type SplitWinner = z.output<typeof splitWinnerSchema>

export const splitVariantSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  is_control: z.boolean(),
  weight: z.number().int(),
  headline: z.string(),
  sub_headline: z.string().nullable(),
  opt_in_button: z.string(),
  bump_offer_id: z.uuid().nullable(),
  upsell_offer_id: z.uuid().nullable(),
  /** The variant's own image URL; null: it shows the page's image (a running test's original always does; an ended test's original: the image it had, null when none). */
  asset_image: z.string().nullable(),
  /** The page as this variant's visitors see it (the dashboard's preview). */
  preview_url: z.string(),
})
export type SplitVariant = z.output<typeof splitVariantSchema>

/** One variant's results; money is a two-decimal string, chance and loss fractions (null: no verdict yet). */
export const splitVariantResultSchema = splitVariantSchema.extend({
  visitors: z.number().int(),
  opt_ins: z.number().int(),
  orders: z.number().int(),
  revenue: z.string(),
  revenue_per_visitor: z.string(),
  /** Relative lift of revenue per visitor over the control (null for the control and without a verdict). */
  lift: z.number().nullable(),
  chance_to_beat_control: z.number().nullable(),
  /** Expected loss as a fraction of the control's revenue per visitor, if this variant were chosen. */
  expected_loss: z.number().nullable(),
})
export type SplitVariantResult = z.output<typeof splitVariantResultSchema>

export const splitSeriesPointSchema = z.object({
  day: z.iso.date(),
  /** Cumulative revenue per visitor up to the end of the day, with its 95% interval. */
  revenue_per_visitor: z.number(),
  low: z.number().nullable(),
  high: z.number().nullable(),
})

export const splitTestStatuses = ['running', 'ended'] as const

/** GET /free-product/{id}/experiment/ */
export const splitExperimentSchema = z.object({
  id: z.uuid(),
  /** The test's place among the offer's split tests, 1 for the first (the "test N" of its original's name). */
  number: z.number().int(),
  status: z.enum(splitTestStatuses),
  started_at: z.iso.datetime({ offset: true }),
  ended_at: z.iso.datetime({ offset: true }).nullable(),
  winner_variant_id: z.uuid().nullable(),
  minimum_days: z.number().int(),
  minimum_visitors: z.number().int(),
  /** Whether the minimum run is reached: before it the verdict is "inconclusive". */
  minimum_reached: z.boolean(),
  /** `inconclusive` before the minimum run, or without enough data; `hidden` when the split itself is broken (SRM). */
  verdict: z.enum(['inconclusive', 'hidden', 'ready']),
  currency: z.number().int(),
  variants: z.array(splitVariantResultSchema),
  srm_p_value: z.number().nullable(),
  srm_warning: z.boolean(),
  series: z.array(z.object({ variant_id: z.uuid(), points: z.array(splitSeriesPointSchema) })),
})
export type SplitExperiment = z.output<typeof splitExperimentSchema>

/** GET /free-product/{id}/experiments/: the offer's ended tests, newest first, each with its final results (read-only). */
export const splitTestHistorySchema = z.array(splitExperimentSchema)
export type SplitTestHistory = z.output<typeof splitTestHistorySchema>
