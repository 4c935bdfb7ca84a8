import { leadExportColumns } from '@funnelry/shared'
import { eq, sql } from 'drizzle-orm'
import type { TestApp } from '../../../test/build-test-app.js'
import { createSellerSession } from '../../../test/factories.js'
import { describe, expect, test } from '../../../test/fixtures.js'
import { insertFreeOffer } from '../../../test/funnel-factories.js'
import { leads } from '../leads/leads-tables.js'
import { byteOrderMark, insertLead, parseCsv, withDirectCampaign } from './report-test-kit.js'

type Headers = Record<string, string>
const header = [...leadExportColumns]

describe('GET /api/v1/leads/export/', () => {
  let ctx: TestApp
  let headers: Headers
  let otherHeaders: Headers
  let guideId: string
  /** Expected CSV records (without the header), newest first. */
  let expected: string[][]

  test.override('appOptions', () => ({ deps: { exportBatchSize: 3 } }))
  test.beforeEach(async ({ app }) => {
    // Batches of 3. Newest first the 14 leads below run N2, N1, Micro 2 | Micro 1, Same, Same |
    // Same, ...: one batch edge splits two leads a microsecond apart, the next splits a tie.
    ctx = app
    expected = []
    const session = await createSellerSession(ctx)
    headers = session.headers
    const other = await createSellerSession(ctx)
    otherHeaders = other.headers
    const sellerId = session.seller.id
    const guide = await insertFreeOffer(ctx, sellerId, { headline: 'Guide, "Deluxe"' })
    const plain = await insertFreeOffer(ctx, sellerId, { headline: 'Plain' })
    guideId = guide.id

    const rows: [string, string, { id: string; headline: string }, string][] = [
      ['Lovelace, Ada', 'ada@example.com', guide, '2025-05-01T08:00:00.000Z'],
      ['Ada "Countess" Lovelace', 'countess@example.com', guide, '2025-05-01T09:00:00.000Z'],
      ['Two\nLines', 'lines@example.com', plain, '2025-05-01T10:00:00.000Z'],
      ['=HYPERLINK("http://evil.example")', 'formula@example.com', plain, '2025-05-02T10:00:00.000Z'],
      ['+1 Plus', 'plus@example.com', plain, '2025-05-02T10:00:00.000Z'],
      ['-Minus', 'minus@example.com', plain, '2025-05-02T10:00:00.000Z'],
      ['@At', '-dash@example.com', plain, '2025-05-02T10:00:00.000Z'],
      ['Same Time 1', 'same1@example.com', guide, '2025-05-03T10:00:00.000Z'],
      ['Same Time 2', 'same2@example.com', guide, '2025-05-03T10:00:00.000Z'],
      ['Same Time 3', 'same3@example.com', guide, '2025-05-03T10:00:00.000Z'],
      ['Micro 1', 'micro1@example.com', guide, '2025-05-04T10:00:00.000Z'],
      ['Micro 2', 'micro2@example.com', guide, '2025-05-04T10:00:00.000Z'],
      ['N1', 'n1@example.com', guide, '2025-05-05T11:00:00.000Z'],
      ['N2', 'n2@example.com', guide, '2025-05-05T12:00:00.000Z'],
    ]
    const stored: { id: string; name: string; record: string[]; micros: number }[] = []
    for (const [fullName, email, offer, at] of rows) {
      const lead = await insertLead(ctx, { sellerId, freeOfferId: offer.id, fullName, email, createdAt: new Date(at) })
      const defused = /^[=+\-@]/.test(fullName) ? `'${fullName}` : fullName
      const safeEmail = /^[=+\-@]/.test(email) ? `'${email}` : email
      stored.push({ id: lead.id, name: fullName, record: [defused, safeEmail, offer.headline, at], micros: 0 })
    }
    // Two leads a microsecond apart, which a millisecond cursor could not tell apart.
    for (const [name, micros] of [
      ['Micro 1', 1],
      ['Micro 2', 2],
    ] as const) {
      const row = stored.find((candidate) => candidate.name === name)
      if (!row) throw new Error('missing row')
      row.micros = micros
      await ctx.db.execute(
        sql`update ${leads} set created_at = created_at + make_interval(secs => ${micros / 1_000_000}) where id = ${row.id}`,
      )
    }
    // Newest first: by time, then id descending.
    const sorted = [...stored].sort((a, b) => {
      const byTime = b.record[3]?.localeCompare(a.record[3] ?? '') || b.micros - a.micros
      return byTime || (b.id > a.id ? 1 : -1)
    })
    expected.push(...sorted.map((row) => withDirectCampaign(row.record)))
    expect(sorted.slice(2, 4).map((row) => row.name)).toEqual(['Micro 2', 'Micro 1'])
    expect(sorted.slice(5, 7).map((row) => row.name.slice(0, 9))).toEqual(['Same Time', 'Same Time'])

    await insertLead(ctx, {
      sellerId: other.seller.id,
      freeOfferId: (await insertFreeOffer(ctx, other.seller.id)).id,
      fullName: 'Not Yours',
      createdAt: new Date('2025-05-02T00:00:00Z'),
    })
  })

  const exportCsv = (query = '', as: Headers = headers) => ctx.app.inject({ url: `/api/v1/leads/export/${query}`, headers: as })

  test('streams every lead as a CSV download, header first, across batches, quoted and defused', async () => {
    const response = await exportCsv()
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8')
    const today = ctx.clock.now().toISOString().slice(0, 10)
    expect(response.headers['content-disposition']).toBe(`attachment; filename="leads-${today}.csv"`)
    expect(response.body.startsWith(`${byteOrderMark}${leadExportColumns.join(',')}\r\n`)).toBe(true)
    const [first, ...records] = parseCsv(response.body)
    expect(first).toEqual(header)
    expect(records).toEqual(expected)
    expect(response.body).toContain('"Lovelace, Ada",ada@example.com,"Guide, ""Deluxe"""')
    expect(response.body).toContain('"Two\nLines"')
    expect(response.body).toContain(`"'=HYPERLINK(""http://evil.example"")"`)
  })

  test('applies the list filters, and ends cleanly when the last batch is full', async () => {
    // Nine guide leads: exactly three batches of 3, then an empty one.
    const byOffer = parseCsv((await exportCsv(`?free_offer=${guideId}`)).body)
    expect(byOffer.slice(1)).toEqual(expected.filter((record) => record[2] === 'Guide, "Deluxe"'))
    expect(byOffer.slice(1)).toHaveLength(9)
    const searched = parseCsv((await exportCsv('?search=LOVELACE')).body)
    expect(searched.slice(1).map((record) => record[0])).toEqual(['Ada "Countess" Lovelace', 'Lovelace, Ada'])
    const day = parseCsv((await exportCsv('?date_from=2025-05-02&date_to=2025-05-02')).body)
    expect(day.slice(1)).toHaveLength(4)
    const none = await exportCsv('?date_from=2030-01-01')
    expect(none.body).toBe(`${byteOrderMark}${leadExportColumns.join(',')}\r\n`)
  })

  test('exports only the caller’s leads, and only when signed in', async () => {
    expect((await exportCsv('', {})).statusCode).toBe(401)
    const other = parseCsv((await exportCsv('', otherHeaders)).body)
    expect(other.slice(1).map((record) => record[0])).toEqual(['Not Yours'])
    expect(parseCsv((await exportCsv(`?free_offer=${guideId}`, otherHeaders)).body)).toEqual([header])
    const bad = await exportCsv('?date_from=2025-05-09&date_to=2025-05-01')
    expect(bad.statusCode).toBe(400)
  })

  test('keeps the stored rows intact (the export only reads)', async () => {
    const [row] = await ctx.db.select().from(leads).where(eq(leads.email, 'formula@example.com'))
    expect(row?.fullName).toBe('=HYPERLINK("http://evil.example")')
  })
})
