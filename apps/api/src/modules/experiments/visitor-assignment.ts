import { randomBytes, randomInt } from 'node:crypto'

/*
 * Which arm of a split test a visitor sees (docs/decisions/split-tests.md): drawn on the server by
 * weight on the first page view and kept in a first-party cookie of the pages origin (or the
 * seller's custom domain), one cookie per offer, so the visitor sees the same page on every visit
 * and lead capture and the checkout know the variant. The value is the variant's id and a random
 * visitor token, followed by `.v` once the page view call has counted the visitor. The token is what
 * makes a visitor count once: a reload before the view call answered sends the unmarked cookie
 * again, and the database keeps one row per token (cookies set before the token existed, the
 * variant alone, still count as before).
 */

const cookiePrefix = 'funnelry_split_'
/** As long as a test may reasonably run, and then some. */
export const assignmentMaxAgeSeconds = 180 * 24 * 60 * 60

export const assignmentCookieName = (offerId: string) => `${cookiePrefix}${offerId.toLowerCase()}`

export type Assignment = { variantId: string; visitor: string | null; counted: boolean }

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/
const visitorPattern = /^[A-Za-z0-9_-]{16}$/

/** A new visitor's token: 96 random bits, cookie-safe. */
export const newVisitorToken = () => randomBytes(12).toString('base64url')

/** The assignment a request's `Cookie` header keeps for this offer, or null (none or unreadable). */
export function assignmentOfCookies(header: string | undefined, offerId: string): Assignment | null {
  if (!header) return null
  const name = assignmentCookieName(offerId)
  for (const part of header.split(';')) {
    const [key, value = ''] = part.trim().split('=')
    if (key !== name) continue
    const [variantId = '', ...rest] = value.split('.')
    if (!uuidPattern.test(variantId)) return null
    const counted = rest.at(-1) === 'v'
    const visitor = rest[0] !== undefined && visitorPattern.test(rest[0]) ? rest[0] : null
    return { variantId, visitor, counted }
  }
  return null
}

/** The `Set-Cookie` value for an assignment. HttpOnly: only our own calls read it. */
export function assignmentCookie(offerId: string, assignment: Assignment, secure: boolean): string {
  const value = [assignment.variantId, assignment.visitor, assignment.counted ? 'v' : null].filter(Boolean).join('.')
  return `${assignmentCookieName(offerId)}=${value}; Max-Age=${assignmentMaxAgeSeconds}; Path=/; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`
}

/** One arm drawn with probability weight / Σ weights (a uniform integer from the OS's generator). */
export function drawByWeight<T extends { weight: number }>(arms: readonly T[], draw: (below: number) => number = randomInt): T {
  const total = arms.reduce((sum, arm) => sum + arm.weight, 0)
  let ticket = draw(total)
  for (const arm of arms) {
    if (ticket < arm.weight) return arm
    ticket -= arm.weight
  }
  const last = arms.at(-1)
  if (!last) throw new Error('a split test without arms')
  return last
}
