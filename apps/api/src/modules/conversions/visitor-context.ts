import { randomInt } from 'node:crypto'
import { metaClickOfCookies } from '../../lib/arrival.js'

/**
 * What the request that made an event says about the visitor (decisions D30, D31): the ad
 * platforms match a server event to a person by these. Taken at lead capture and at checkout.
 */
export type VisitorContext = {
  ip: string | null
  userAgent: string | null
  /** Meta's browser id and click id cookies (`_fbp`, `_fbc`), as the Meta pixel set them; without `_fbc`, the click id the arrival kept (D37). */
  fbp: string | null
  fbc: string | null
  /** GA4's client id: from the `_ga` cookie, else one we generated and keep in `funnelry_cid`. */
  gaClientId: string
  /** The visitor accepted tracking (the consent banner's `funnelry_consent=granted` cookie, D31). */
  consent: boolean
  /** The page the event happened on (the request's Referer), Meta's `event_source_url`. */
  sourceUrl: string | null
}

/** The cookie the consent banner sets when the visitor accepts (agreed with the browser side, D31). */
export const consentCookie = 'funnelry_consent'
/** Where a generated GA4 client id is kept for a visitor without a `_ga` cookie. */
export const clientIdCookie = 'funnelry_cid'

/** The request as far as this module reads it: Fastify's request satisfies it. */
export type EventRequest = { ip: string; headers: Record<string, string | string[] | undefined> }
/** The reply as far as this module writes it (the generated client id's cookie). */
export type EventReply = { header: (name: string, value: string) => unknown }

const firstHeader = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) ?? null

export function parseCookies(header: string | null): Map<string, string> {
  const cookies = new Map<string, string>()
  for (const part of (header ?? '').split(';')) {
    const separator = part.indexOf('=')
    if (separator <= 0) continue
    const name = part.slice(0, separator).trim()
    const raw = part.slice(separator + 1).trim()
    if (cookies.has(name)) continue
    try {
      cookies.set(name, decodeURIComponent(raw))
    } catch {
      cookies.set(name, raw)
    }
  }
  return cookies
}

/** `GA1.1.1234567890.1700000000` → `1234567890.1700000000` (the part after `GA1.<n>.`). */
export function clientIdOfGaCookie(value: string | undefined): string | null {
  const match = /^GA\d\.\d+\.(\d+\.\d+)$/.exec(value ?? '')
  return match?.[1] ?? null
}

/** GA4's own client id form: a random number and the first-seen time in seconds. */
export const newClientId = () => `${randomInt(1_000_000_000, 2_147_483_647)}.${Math.floor(Date.now() / 1000)}`
const cookieValue = (value: string | undefined) => (value && value.length <= 500 ? value : null)

/**
 * Reads the visitor from the request; a visitor without a `_ga` cookie gets a generated client id,
 * kept in a first-party cookie for two years so their later events carry the same one. Only when
 * `reply` is given and the visitor may be tracked: a seller who asks for consent (D31) gets no
 * identifier stored in a browser that has not accepted.
 */
export function visitorOf(request: EventRequest, reply?: EventReply, { consentRequired = false } = {}): VisitorContext {
  const cookieHeader = firstHeader(request.headers.cookie)
  const cookies = parseCookies(cookieHeader)
  const consent = cookies.get(consentCookie) === 'granted'
  let gaClientId =
    clientIdOfGaCookie(cookies.get('_ga')) ?? (/^\d+\.\d+$/.test(cookies.get(clientIdCookie) ?? '') ? cookies.get(clientIdCookie) : null)
  if (!gaClientId) {
    gaClientId = newClientId()
    if (consent || !consentRequired)
      reply?.header('set-cookie', `${clientIdCookie}=${gaClientId}; Path=/; Max-Age=63072000; SameSite=Lax; Secure`)
  }
  return {
    ip: request.ip || null,
    userAgent: firstHeader(request.headers['user-agent'])?.slice(0, 1000) ?? null,
    fbp: cookieValue(cookies.get('_fbp')),
    fbc: cookieValue(cookies.get('_fbc')) ?? cookieValue(metaClickOfCookies(cookieHeader ?? undefined) ?? undefined),
    gaClientId: gaClientId ?? newClientId(),
    consent,
    sourceUrl: firstHeader(request.headers.referer)?.slice(0, 2000) ?? null,
  }
}
