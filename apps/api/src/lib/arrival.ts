import { arrivalFrom, type Utm, utmFields } from '@funnelry/shared'

/*
 * Decision D37 (docs/decisions/campaign-attribution.md): the visitor's last non-direct arrival,
 * kept for 30 days in a first-party cookie of the pages origin (or the seller's custom domain).
 * Set by the page view call, never by the page's HTML, which stays the same cached answer for
 * everyone; read by lead capture and the checkout, which the page calls on the same origin.
 */

export const arrivalCookieName = 'funnelry_arrival'
export const arrivalMaxAgeSeconds = 30 * 24 * 60 * 60

/** The cookie's pair holding when the arrival was seen (milliseconds since the epoch). */
const arrivedAtPair = 'at'

/**
 * The `Set-Cookie` value keeping `utm` for 30 days, with the time it was seen (Meta wants the time a
 * click id was first seen in `fbc`). HttpOnly: only our own calls read it.
 */
export function arrivalCookie(utm: Utm, secure: boolean, seenAt = Date.now()): string {
  const pairs = new URLSearchParams()
  for (const field of utmFields) {
    const value = utm[field]
    if (value !== null) pairs.set(field, value)
  }
  pairs.set(arrivedAtPair, String(seenAt))
  const value = encodeURIComponent(pairs.toString())
  return `${arrivalCookieName}=${value}; Max-Age=${arrivalMaxAgeSeconds}; Path=/; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`
}

/** The arrival cookie's pairs in a request's `Cookie` header, or null (none, expired, or not readable). */
function arrivalPairs(header: string | undefined): URLSearchParams | null {
  if (!header) return null
  for (const part of header.split(';')) {
    const [name, ...rest] = part.trim().split('=')
    if (name !== arrivalCookieName) continue
    try {
      return new URLSearchParams(decodeURIComponent(rest.join('=')))
    } catch {
      return null // a malformed %-escape: as if there were no cookie
    }
  }
  return null
}

/** The arrival a request's `Cookie` header keeps, or null (none, expired, or not readable). */
export function arrivalOfCookies(header: string | undefined): Utm | null {
  const pairs = arrivalPairs(header)
  return pairs && arrivalFrom((field) => pairs.get(field))
}

/**
 * Meta's click id parameter (`fbc`) for a visitor who came from a Facebook ad: `fb.1.<ms>.<fbclid>`,
 * the click id the arrival kept and when it was seen, as Meta documents building it when the pixel
 * did not set its `_fbc` cookie (blocked, or consent not yet given when the visitor landed). Null
 * without a click id, or for a cookie set before the time was kept.
 */
export function metaClickOfCookies(header: string | undefined): string | null {
  const pairs = arrivalPairs(header)
  const fbclid = pairs && arrivalFrom((field) => pairs.get(field))?.fbclid
  const seenAt = Number(pairs?.get(arrivedAtPair))
  return fbclid && Number.isSafeInteger(seenAt) && seenAt > 0 ? `fb.1.${seenAt}.${fbclid}` : null
}

/** The columns of a lead or an order (db/schema/columns.ts `utmColumns`) for an arrival; all null when direct. */
export const utmRowOf = (utm: Utm | null | undefined) => ({
  utmSource: utm?.utm_source ?? null,
  utmMedium: utm?.utm_medium ?? null,
  utmCampaign: utm?.utm_campaign ?? null,
  utmContent: utm?.utm_content ?? null,
  utmTerm: utm?.utm_term ?? null,
  fbclid: utm?.fbclid ?? null,
  gclid: utm?.gclid ?? null,
})
export type UtmRow = ReturnType<typeof utmRowOf>

/** The API's `utm` object of a lead's or an order's columns. */
export const utmOfRow = (row: UtmRow): Utm => ({
  utm_source: row.utmSource,
  utm_medium: row.utmMedium,
  utm_campaign: row.utmCampaign,
  utm_content: row.utmContent,
  utm_term: row.utmTerm,
  fbclid: row.fbclid,
  gclid: row.gclid,
})
