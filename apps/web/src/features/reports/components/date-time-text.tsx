import { formatDateTime } from '../../../lib/format-date-time'

/** A timestamp in the browser's locale, machine-readable too. */
export function DateTimeText({ value }: { value: string }) {
  return (
    <time dateTime={value} style={{ whiteSpace: 'nowrap' }}>
      {formatDateTime(value)}
    </time>
  )
}
