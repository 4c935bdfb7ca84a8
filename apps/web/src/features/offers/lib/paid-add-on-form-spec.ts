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

type PaidAddOnValues = FieldValues & { currency: CurrencyId; show: Record<string, boolean> }
type TextName<V> = { [N in keyof V]: V[N] extends string ? N : never }[keyof V] & string
type ImageName<V> = { [N in keyof V]: V[N] extends ImageValue ? (ImageValue extends V[N] ? N : never) : never }[keyof V] & string

/**
 * A kind's fields, besides the currency every paid add-on has: texts it requires, texts with a
 * 'show' box (sent empty while unchecked), and images (each with a 'show' box).
 */
export type PaidAddOnFieldPlan<V> = {
  required: readonly TextName<V>[]
  optional: readonly TextName<V>[]
  images: readonly ImageName<V>[]
}

type Loose = Record<string, unknown>

/** Builds a kind's form from its field plan and its fields' rules in the shared schemas. */
export function paidAddOnFormSpec<K extends PaidAddOnKind, V extends PaidAddOnValues>(
  kind: K,
  rules: Record<string, z.ZodType>,
  plan: PaidAddOnFieldPlan<V>,
): PaidAddOnFormSpec<K, V> {
  const { required, optional, images } = plan
  const shown = [...optional, ...images]
  const each = <T>(names: readonly string[], value: (name: string) => T) => Object.fromEntries(names.map((name) => [name, value(name)]))

  const empty = {
    ...each([...required, ...optional], () => ''),
    ...each(images, () => null),
    currency: defaultCurrency,
    show: each(shown, () => true),
  } as unknown as V

  const values = (offer: PaidAddOn<K>) => {
    const stored = offer as Loose
    return {
      ...each([...required, ...optional], (name) => stored[name] ?? ''),
      ...each(images, (name) => stored[name]),
      currency: offer.currency as CurrencyId,
      show: each(shown, (name) => stored[name] !== null),
    } as unknown as V
  }

  // A hidden optional field is not checked: it is sent empty whatever it holds.
  const resolver = showAwareResolver<V>((show) =>
    z.object({
      ...each(required, (name) => rules[name] as z.ZodType),
      ...each(optional, (name) => (show[name] ? (rules[name] as z.ZodType) : z.unknown())),
      currency: rules.currency as z.ZodType,
    }),
  )

  const formData = (form: V, offer?: PaidAddOn<K>) => {
    const typed = form as Loose
    const stored = (offer ?? {}) as Loose
    const fields: Record<string, MultipartValue> = {
      ...each(required, (name) => String(typed[name]).trim()),
      ...each(optional, (name) => optionalText(String(typed[name]), form.show[name] ?? false)),
      currency: String(form.currency),
      ...each(images, (name) => imageUpload(typed[name] as ImageValue, form.show[name] ?? false, (stored[name] as string | null) ?? null)),
    }
    return toFormData(fields)
  }

  return { kind, empty, values, resolver, fieldNames: Object.keys(rules), formData }
}
