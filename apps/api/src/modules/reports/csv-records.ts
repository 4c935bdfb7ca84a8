import { Transform } from 'node:stream'

/** Bytes each stage of the export may hold: a few COPY chunks, so memory stays flat. */
export const streamBuffer = 512 * 1024

/**
 * COPY arrives in chunks of about 8 KB; written as they come, each is an HTTP chunk and a system
 * call of its own (12,000 for a million leads, a third of the export's time). Gathered to this
 * size first, they are a few hundred.
 */
const batchBytes = 256 * 1024

const quote = 0x22
const comma = 0x2c
const newline = 0x0a
const dot = 0x2e
const zero = 0x30

/**
 * Turns COPY's CSV into the export's (docs/decisions/0012), one whole record at a time:
 * - COPY ends records with LF; RFC 4180 and our exports with CRLF. Only a newline outside quotes
 *   ends a record: one inside a quoted cell is part of it and stays as it is.
 * - The last cell of every record is a timestamp as PostgreSQL writes it in UTC with DateStyle ISO
 *   (`2025-03-01 12:00:00.123456+00`, the fraction shortened or absent); it becomes what
 *   `Date.toISOString()` writes (`2025-03-01T12:00:00.123Z`, milliseconds truncated as a Date
 *   keeps them). Done here rather than with to_char in SQL: it would make PostgreSQL, the one
 *   process COPY runs in, half as fast again.
 * A record cut by a chunk boundary waits for the rest of it.
 */
export function exportRecords(): Transform {
  let pending: Buffer | null = null
  let gathered: Buffer[] = []
  let gatheredBytes = 0
  /** The complete records of `pending` and what was gathered, in the export's form; a cut last one waits in `pending`. */
  const records = (): Buffer => {
    const data = Buffer.concat(pending ? [pending, ...gathered] : gathered)
    gathered = []
    gatheredBytes = 0
    // Each record (at least a 22-byte time) grows by at most 3 bytes: the CR, 'T'→ same, '.mmm' + 'Z' for '+00'.
    const out = Buffer.allocUnsafe(data.length + Math.ceil(data.length / 7) + 16)
    let written = 0
    let start = 0
    let position = 0
    let quoted = false
    let nextQuote = data.indexOf(quote)
    for (;;) {
      if (quoted) {
        if (nextQuote === -1) break
        quoted = false
        position = nextQuote + 1
        nextQuote = data.indexOf(quote, position)
        continue
      }
      const end = data.indexOf(newline, position)
      if (nextQuote !== -1 && (end === -1 || nextQuote < end)) {
        quoted = true
        position = nextQuote + 1
        nextQuote = data.indexOf(quote, position)
        continue
      }
      if (end === -1) break
      const time = data.lastIndexOf(comma, end) + 1
      written += data.copy(out, written, start, time)
      written = isoTime(data, time, end, out, written)
      out[written++] = 0x0d
      out[written++] = newline
      start = end + 1
      position = start
    }
    pending = start < data.length ? data.subarray(start) : null
    return out.subarray(0, written)
  }
  return new Transform({
    // Room for a few batches keeps COPY flowing.
    highWaterMark: streamBuffer,
    transform(chunk: Buffer, _encoding, done) {
      gathered.push(chunk)
      gatheredBytes += chunk.length
      if (gatheredBytes < batchBytes) return done()
      done(null, records())
    },
    flush(done) {
      if (gatheredBytes > 0) this.push(records())
      done(null, pending)
    },
  })
}

/** Writes `2025-03-01T12:00:00.123Z` for the PostgreSQL time in data[from, to); returns the new length. */
function isoTime(data: Buffer, from: number, to: number, out: Buffer, at: number): number {
  let written = at + data.copy(out, at, from, from + 19)
  out[at + 10] = 0x54 // 'T' in place of the space
  out[written++] = dot
  let digit = from + 20
  const hasFraction = data[from + 19] === dot
  for (let n = 0; n < 3; n += 1) {
    const byte = data[digit]
    const isDigit = hasFraction && digit < to && byte !== undefined && byte >= zero && byte <= zero + 9
    out[written++] = isDigit ? byte : zero
    if (isDigit) digit += 1
  }
  out[written++] = 0x5a // 'Z'
  return written
}
