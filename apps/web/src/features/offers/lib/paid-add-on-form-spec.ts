import { type CurrencyId, defaultCurrency } from '@funnelry/shared'
import type { FieldValues, Resolver } from 'react-hook-form'
import { z } from 'zod'
import type { ImageValue } from '../../../components/image-drop-zone'
import type { PaidAddOn, PaidAddOnKind } from '../api/paid-add-on-endpoints'
import { imageUpload, type MultipartValue, optionalText, toFormData } from './offer-form-data'
import { showAwareResolver } from './show-aware-resolver'

/** What a paid add-on kind brings to the shared form: its values, their checks and its multipart body. */
export type PaidAddOnFormSpec<K extends PaidAddOnKind, V extends FieldValues> = {
  kind: K
  /** The add screen's values. */
  empty: V
  /** The edit screen's values, from the stored offer. */
  values: (offer: PaidAddOn<K>) => V
  resolver: Resolver<V>
  /** The fields the server's errors may name; errors for others go to the form's alert. */
  fieldNames: string[]
  /** The multipart body of the save; `stored` tells which images changed. */
  formData: (values: V, stored?: PaidAddOn<K>) => FormData
}

/**
 * A paid add-on form's values, from its field plan: required texts (R), texts with a 'show' box
 * (O), images with one (I), and the currency every paid add-on has.
 */
export type PaidAddOnFormValues<R extends string, O extends string, I extends string> = { [N in R | O]: string } & {
  [N in I]: ImageValue
} & { currency: CurrencyId; show: { [N in O | I]: boolean } }

/**
 * A kind's fields, besides the currency: texts it requires, texts with a 'show' box (sent empty
 * while unchecked), and images (each with a 'show' box).
 */
export type PaidAddOnFieldPlan<R extends string, O extends string, I extends string> = {
  required: readonly R[]
  optional: readonly O[]
  images: readonly I[]
}

/** `names` as the keys of a record, each with its value. */
function each<N extends string, T>(names: readonly N[], value: (name: N) => T): Record<N, T> {
  const record: Partial<Record<N, T>> = {}
  for (const name of names) record[name] = value(name)
  return record as Record<N, T>
}

/** What an offer answer holds under a form field's name, read as a text or an image URL. */
const textIn = (value: unknown) => (typeof value === 'string' ? value : '')
const imageIn = (value: unknown) => (typeof value === 'string' ? value : null)

/**
 * Builds a kind's form from its field plan and its fields' rules in the shared schemas (which must
 * have a rule for every text and the currency).
 */
export function paidAddOnFormSpec<K extends PaidAddOnKind, const R extends string, const O extends string, const I extends string>(
  kind: K,
  rules: Record<R | O | 'currency', z.ZodType>,
  plan: PaidAddOnFieldPlan<R, O, I>,
): PaidAddOnFormSpec<K, PaidAddOnFormValues<R, O, I>> {
  type V = PaidAddOnFormValues<R, O, I>
  const { required, optional, images } = plan
  const shown = [...optional, ...images]

  const empty: V = {
    ...each([...required, ...optional], () => ''),
    ...each(images, () => null),
    currency: defaultCurrency,
    show: each(shown, () => true),
  }

  const values = (offer: PaidAddOn<K>): V => {
    const stored: Record<string, unknown> = offer
    return {
      ...each([...required, ...optional], (name) => textIn(stored[name])),
      ...each(images, (name) => imageIn(stored[name])),
      currency: offer.currency as CurrencyId,
      show: each(shown, (name) => stored[name] !== null),
    }
  }

  // A hidden optional field is not checked: it is sent empty whatever it holds.
  const resolver = showAwareResolver<V>((show) =>
    z.object({
      ...each(required, (name) => rules[name]),
      ...each(optional, (name) => (show[name] ? rules[name] : z.unknown())),
      currency: rules.currency,
    }),
  )

  const formData = (form: V, offer?: PaidAddOn<K>) => {
    const texts: Record<R | O, string> = form
    const files: Record<I, ImageValue> = form
    const stored: Record<string, unknown> = offer ?? {}
    const fields: Record<string, MultipartValue> = {
      ...each(required, (name) => texts[name].trim()),
      ...each(optional, (name) => optionalText(texts[name], form.show[name])),
      currency: String(form.currency),
      ...each(images, (name) => imageUpload(files[name], form.show[name], imageIn(stored[name]))),
    }
    return toFormData(fields)
  }

  return { kind, empty, values, resolver, fieldNames: Object.keys(rules), formData }
}
