import { type FreeOffer, maxVariants, type SplitTestStartInput, splitTestStartSchema, splitVariantName } from '@funnelry/shared'
import type { ImageValue } from '../../../components/image-drop-zone'

/** A dropdown's value: the page's own add-on, none, or one of the seller's. */
export const samePage = 'same'
export const noneChosen = 'none'

/** One variant as the seller fills it in before the test starts; `key` keeps React's rows apart. */
export type VariantDraft = {
  key: number
  headline: string
  sub_headline: string
  opt_in_button: string
  bump: string
  upsell: string
  weight: string
  image: ImageValue
}
export type VariantText = 'headline' | 'sub_headline' | 'opt_in_button' | 'bump' | 'upsell' | 'weight'

/**
 * The server names variants "Variant B", "Variant C"… in the order they are made, on from the
 * offer's past tests (`first`: how many variants those had): the form says the same.
 */
export const variantName = (index: number, first = 0) => splitVariantName(first + index)

let nextKey = 0
/** A new variant starts as the page: the seller changes only what they test. */
export const variantFromPage = (offer: FreeOffer, weight: number): VariantDraft => ({
  key: nextKey++,
  headline: offer.headline,
  sub_headline: offer.sub_headline ?? '',
  opt_in_button: offer.opt_in_button,
  bump: samePage,
  upsell: samePage,
  weight: String(weight),
  image: null,
})

/**
 * The even split of 100% over the original and `variants` variants, in whole percent (the server's
 * unit); what does not divide goes to the original: 3 arms are 34/33/33.
 */
export function evenWeights(variants: number): { original: number; variants: number[] } {
  const share = Math.floor(100 / (variants + 1))
  return { original: 100 - share * variants, variants: Array.from({ length: variants }, () => share) }
}

/** Re-splits the traffic evenly: what adding or removing a variant does. */
export const splitEvenly = (drafts: VariantDraft[]): VariantDraft[] => {
  const even = evenWeights(drafts.length)
  return drafts.map((draft, index) => ({ ...draft, weight: String(even.variants[index]) }))
}

export const canAddVariant = (drafts: VariantDraft[]) => drafts.length < maxVariants

const wholePercent = (value: string) => (/^\d+$/.test(value.trim()) ? Number(value) : null)

/** The original gets what the variants leave: null while a weight is not a whole number. */
export function originalShare(drafts: VariantDraft[]): number | null {
  const weights = drafts.map((draft) => wholePercent(draft.weight))
  if (weights.some((weight) => weight === null)) return null
  return 100 - weights.reduce<number>((sum, weight) => sum + (weight ?? 0), 0)
}

/** Said when the variants leave the original less than 1% (the server's smallest share). */
export function shareProblem(drafts: VariantDraft[]): string | null {
  const original = originalShare(drafts)
  if (original === null || original >= 1) return null
  return `The variants take ${100 - original}% of the visitors: together they can take at most 99%, so the original page keeps at least 1%. Lower a variant’s share.`
}

const addOnChoice = (value: string): string | null | undefined => (value === samePage ? undefined : value === noneChosen ? null : value)

export type MinimumRun = { minimum_days: string; minimum_visitors: string }

/** The one call that starts the test with all its variants; the original gets what they leave. */
export function startBody(drafts: VariantDraft[], minimum: MinimumRun): SplitTestStartInput {
  const variants = drafts.map((draft) => {
    const bump = addOnChoice(draft.bump)
    const upsell = addOnChoice(draft.upsell)
    return {
      headline: draft.headline,
      sub_headline: draft.sub_headline,
      opt_in_button: draft.opt_in_button,
      weight: Number(draft.weight),
      ...(bump !== undefined ? { bump_offer_id: bump } : {}),
      ...(upsell !== undefined ? { upsell_offer_id: upsell } : {}),
    }
  })
  return {
    variants,
    control_weight: 100 - variants.reduce((sum, variant) => sum + variant.weight, 0),
    minimum_days: Number(minimum.minimum_days),
    minimum_visitors: Number(minimum.minimum_visitors),
  }
}

/** Where a message goes: a variant's field, the minimum run, the split, or the form as a whole. */
export type PlacedErrors = {
  variants: Record<string, string>[]
  minimum: Record<string, string>
  split: string | null
  form: string | null
}

/**
 * Field errors keyed as the server keys them (`variants.1.headline`, `control_weight`…), placed
 * where the seller fixes them. The shared schema's issues and the server's answers go through here.
 */
export function placeErrors(errors: Record<string, string>, count: number): PlacedErrors {
  const placed: PlacedErrors = { variants: Array.from({ length: count }, () => ({})), minimum: {}, split: null, form: null }
  for (const [key, message] of Object.entries(errors)) {
    const [root, index, field] = key.split('.')
    const variant = root === 'variants' && field ? placed.variants[Number(index)] : undefined
    if (variant) variant[field as string] ??= message
    else if (key === 'minimum_days' || key === 'minimum_visitors') placed.minimum[key] ??= message
    else if (key === 'control_weight' || key === 'weight') placed.split ??= message
    else placed.form ??= message
  }
  return placed
}

/** The body checked by the shared schema before anything is sent: each field's first message, keyed as the server would. */
export function bodyErrors(body: SplitTestStartInput): Record<string, string> {
  const errors: Record<string, string> = {}
  for (const issue of splitTestStartSchema.safeParse(body).error?.issues ?? []) {
    const key = issue.path.length > 0 ? issue.path.map(String).join('.') : 'non_field_errors'
    errors[key] ??= issue.message
  }
  return errors
}
