import type { OfferStatsQuery } from '@funnelry/shared'

/** Inclusive days `from`..`to` in the IANA time zone `timeZone` (decision D37). */
export type FunnelRange = { from: string; to: string; timeZone: string }

const dayMs = 86_400_000
const defaultDays = 30

/** The calendar day `at` falls on in `timeZone` (ISO). */
export const dayIn = (at: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at)

const addDays = (day: string, days: number) => new Date(Date.parse(day) + days * dayMs).toISOString().slice(0, 10)

/**
 * The range a stats query asks for: its days (`from`/`to`, or their earlier names) in its time zone,
 * UTC by default; a missing end is today there, a missing start 29 days before the end (30 days).
 */
export function funnelRangeOf(query: OfferStatsQuery, now: Date): FunnelRange {
  const timeZone = query.tz ?? 'UTC'
  const to = query.to ?? query.date_to ?? dayIn(now, timeZone)
  const from = query.from ?? query.date_from ?? addDays(to, -(defaultDays - 1))
  return { from, to, timeZone }
}

/** Every day of the range, oldest first. */
export function daysOf(range: FunnelRange): string[] {
  const days: string[] = []
  for (let day = range.from; day <= range.to; day = addDays(day, 1)) days.push(day)
  return days
}
