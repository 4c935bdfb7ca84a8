// The browser's locale and time zone: a seller reads times as their own clock shows them.
const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' })
const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' })
const timeFormat = new Intl.DateTimeFormat(undefined, { timeStyle: 'short' })

/** An API timestamp ("2025-01-31T09:30:00.000Z") as the browser's locale writes a date and time. */
export function formatDateTime(iso: string): string {
  return dateTimeFormat.format(new Date(iso))
}

/**
 * `formatDateTime` cut into its date, what the locale writes between ("Jan 31, 2025" ", " "9:30 AM")
 * and its time, so that a narrow column can put the time under the date; null when the locale
 * writes them in another order.
 */
export function dateTimeParts(iso: string): { date: string; between: string; time: string } | null {
  const at = new Date(iso)
  const [whole, date, time] = [dateTimeFormat.format(at), dateFormat.format(at), timeFormat.format(at)]
  if (!whole.startsWith(date) || !whole.endsWith(time) || whole.length < date.length + time.length) return null
  return { date, between: whole.slice(date.length, whole.length - time.length), time }
}
