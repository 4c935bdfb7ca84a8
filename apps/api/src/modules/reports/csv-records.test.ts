import { Readable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { exportRecords } from './csv-records.js'

/** COPY's output cut into chunks at every possible place, through the transform. */
async function through(copyOutput: string, chunkSize: number): Promise<string> {
  const bytes = Buffer.from(copyOutput)
  const chunks = Array.from({ length: Math.ceil(bytes.length / chunkSize) }, (_, n) => bytes.subarray(n * chunkSize, (n + 1) * chunkSize))
  let text = ''
  for await (const chunk of Readable.from(chunks).pipe(exportRecords())) text += chunk.toString()
  return text
}

describe('exportRecords', () => {
  const copyOutput = [
    'Ada,ada@example.com,Guide,2025-03-01 12:00:00.123456+00\n',
    '"Two\nLines","a ""quoted"", name",Guide,2025-03-01 12:00:00+00\n',
    'Émile,e@example.com,"Guide, Deluxe",2025-03-01 12:00:00.5+00\n',
    ',,,1999-12-31 23:59:59.999999+00\n',
  ].join('')
  const expected = [
    'Ada,ada@example.com,Guide,2025-03-01T12:00:00.123Z\r\n',
    '"Two\nLines","a ""quoted"", name",Guide,2025-03-01T12:00:00.000Z\r\n',
    'Émile,e@example.com,"Guide, Deluxe",2025-03-01T12:00:00.500Z\r\n',
    ',,,1999-12-31T23:59:59.999Z\r\n',
  ].join('')

  it('ends records with CRLF (not newlines inside quotes) and writes times as toISOString does', async () => {
    expect(await through(copyOutput, 64 * 1024)).toBe(expected)
    expect(new Date('2025-03-01T12:00:00.123456Z').toISOString()).toBe('2025-03-01T12:00:00.123Z')
  })

  it('gives the same bytes however the output is cut into chunks', async () => {
    for (let size = 1; size <= 40; size += 1) expect(await through(copyOutput, size)).toBe(expected)
  })

  it('gives the same bytes when the output is long enough to be passed on in several batches', async () => {
    // About 1.2 MB: records (a quoted newline among them) are cut between batches as well as chunks.
    const copies = 5000
    for (const size of [8 * 1024 + 7, 64 * 1024 - 1]) expect(await through(copyOutput.repeat(copies), size)).toBe(expected.repeat(copies))
  })
})
