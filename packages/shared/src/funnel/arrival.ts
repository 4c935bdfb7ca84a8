import { z } from 'zod'
import { type UtmField, utmFields, utmValueMaxLength } from './utm-fields.js'

/*
 * Decision D37: the campaign that brought a visitor, as the ad platforms tag their links. A
 * "non-direct arrival" is a page load whose address carries at least one of these; the pages
 * origin keeps the last one for 30 days, and each lead and order stores it.
 */

export { type UtmField, utmFields, utmValueMaxLength } from './utm-fields.js'

const stored = z.string().nullable()
/** What a lead, an order, a list row and a CRM webhook carry: every field, null when the arrival had none. */
export const utmSchema = z.object({
  utm_source: stored,
  utm_medium: stored,
  utm_campaign: stored,
  utm_content: stored,
  utm_term: stored,
  fbclid: stored,
  gclid: stored,
})
export type Utm = z.infer<typeof utmSchema>

/** A visit with no campaign: every field null. */
export const directUtm: Utm = {
  utm_source: null,
  utm_medium: null,
  utm_campaign: null,
  utm_content: null,
  utm_term: null,
  fbclid: null,
  gclid: null,
}

/** One field's value as kept: trimmed, cut to `utmValueMaxLength`, null when empty. */
export const utmValue = (value: unknown): string | null => {
  if (typeof value !== 'string') return null
  const trimmed = value.trim().slice(0, utmValueMaxLength)
  return trimmed === '' ? null : trimmed
}

/** The arrival named by `pairs` (a page's query, a cookie), or null for a direct visit. */
export function arrivalFrom(get: (field: UtmField) => unknown): Utm | null {
  const utm = { ...directUtm }
  for (const field of utmFields) utm[field] = utmValue(get(field))
  return utmFields.some((field) => utm[field] !== null) ? utm : null
}

/** The arrival a page address's query names (`?utm_source=…`), or null for a direct visit. */
export const arrivalFromSearch = (search: string): Utm | null => {
  const params = new URLSearchParams(search)
  return arrivalFrom((field) => params.get(field))
}

/**
 * The body of a page view (`POST /free-product/<id>/view/`): the campaign fields of the page's own
 * address, which the page's script reads, so the cached HTML stays the same for everyone.
 */
const sent = z.string().max(2000).optional()
export const pageViewSchema = z.strictObject({
  utm_source: sent,
  utm_medium: sent,
  utm_campaign: sent,
  utm_content: sent,
  utm_term: sent,
  fbclid: sent,
  gclid: sent,
})
export type PageView = z.infer<typeof pageViewSchema>
