import { dateTimeParts, formatDateTime } from '../../../lib/format-date-time'

const whole = { whiteSpace: 'nowrap' } as const

/**
 * A timestamp in the browser's locale, machine-readable too. The date and the time each stay on
 * one line, but the time may go under the date where the space is short (the Orders table at
 * 1280 px, whose other cells already take two lines).
 */
export function DateTimeText({ value }: { value: string }) {
  const parts = dateTimeParts(value)
  if (!parts)
    return (
      <time dateTime={value} style={whole}>
        {formatDateTime(value)}
      </time>
    )
  return (
    <time dateTime={value}>
      <span style={whole}>{parts.date}</span>
      {parts.between}
      <span style={whole}>{parts.time}</span>
    </time>
  )
}
