// The browser's locale and time zone: a seller reads times as their own clock shows them.
const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' })

/** An API timestamp ("2025-01-31T09:30:00.000Z") as the browser's locale writes a date and time. */
export function formatDateTime(iso: string): string {
  return dateTimeFormat.format(new Date(iso))
}
