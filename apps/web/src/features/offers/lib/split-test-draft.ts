import { type FreeOffer, maxVariants, type SplitVariantCreateInput, splitVariantCreateSchema } from '@funnelry/shared'
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

/** The server names variants "Variant B", "Variant C"… in the order they are made: the form says the same. */
export const variantName = (index: number) => `Variant ${String.fromCharCode(66 + index)}`

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

/**
 * The POST bodies that start the test, one per variant, made one after another. Weights must add
 * up to 100 after every call, so each call sets the original's share to what the variants made so
 * far leave (the last call leaves it at its final share); the first also sets the minimum run.
 */
export function variantBodies(drafts: VariantDraft[], minimum: MinimumRun): SplitVariantCreateInput[] {
  let taken = 0
  return drafts.map((draft, index) => {
    const weight = Number(draft.weight)
    taken += weight
    const bump = addOnChoice(draft.bump)
    const upsell = addOnChoice(draft.upsell)
    return {
      headline: draft.headline,
      sub_headline: draft.sub_headline,
      opt_in_button: draft.opt_in_button,
      weight,
      control_weight: 100 - taken,
      ...(bump !== undefined ? { bump_offer_id: bump } : {}),
      ...(upsell !== undefined ? { upsell_offer_id: upsell } : {}),
      ...(index === 0 ? { minimum_days: Number(minimum.minimum_days), minimum_visitors: Number(minimum.minimum_visitors) } : {}),
    }
  })
}

/** Each body checked by the shared schema before anything is sent: per variant, its fields' first messages. */
export function bodyErrors(bodies: SplitVariantCreateInput[]): Record<string, string>[] {
  return bodies.map((body) => {
    const parsed = splitVariantCreateSchema.safeParse(body)
    const errors: Record<string, string> = {}
    for (const issue of parsed.error?.issues ?? []) {
      const field = String(issue.path[0] ?? 'non_field_errors')
      errors[field] ??= issue.message
    }
    return errors
  })
}
