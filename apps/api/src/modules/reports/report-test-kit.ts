import { randomUUID } from 'node:crypto'
import { utmFields } from '@funnelry/shared'
import { sql } from 'drizzle-orm'
import type { TestApp } from '../../../test/build-test-app.js'
import { leads } from '../leads/leads-tables.js'
import { orders } from '../orders/orders-tables.js'
import { offerDailyViews } from './reports-tables.js'

/** Rows the report tests need, stored directly (lead capture and payments have their own tests). */

let counter = 0
const next = () => {
  counter += 1
  return counter
}

export async function insertLead(
  ctx: TestApp,
  values: { sellerId: string; freeOfferId: string; createdAt: Date; fullName?: string; email?: string; freeCompletedAt?: Date },
) {
  const n = next()
  const [row] = await ctx.db
    .insert(leads)
    .values({ fullName: `Lead ${n}`, email: `lead${n}@example.com`, ...values, updatedAt: values.createdAt })
    .returning()
  if (!row) throw new Error('no lead stored')
  return row
}

type OrderValues = Partial<typeof orders.$inferInsert> & { sellerId: string; freeOfferId: string; createdAt: Date }

export async function insertOrder(ctx: TestApp, values: OrderValues) {
  const n = next()
  const [row] = await ctx.db
    .insert(orders)
    .values({
      fullName: `Buyer ${n}`,
      email: `buyer${n}@example.com`,
      amountCents: 0,
      currency: 1,
      provider: 'local',
      intentId: `pi_test_${randomUUID()}`,
      ...values,
    })
    .returning()
  if (!row) throw new Error('no order stored')
  return row
}

/**
 * Views of whole UTC days, as the view counter keeps them: in the daily views and (at 00:00 UTC,
 * through the counters' own upsert) the funnel counters.
 */
export async function insertDailyViews(ctx: TestApp, freeOfferId: string, days: Record<string, number>) {
  await ctx.db.insert(offerDailyViews).values(Object.entries(days).map(([day, views]) => ({ freeOfferId, day, views })))
  for (const [day, views] of Object.entries(days))
    await ctx.db.execute(
      sql`select funnel_hourly_add(${freeOfferId}, ${`${day}T00:00:00Z`}::timestamptz, null, null, 0::smallint, ${views}, 0, 0, 0, 0, 0, 0, 0, 0, 0)`,
    )
}

/** The byte order mark every export starts with (Excel on Windows needs it to read UTF-8). */
export const byteOrderMark = '\uFEFF'

/** Minimal RFC 4180 reader for checking exports: quoted fields, doubled quotes, CRLF records (after the byte order mark). */
export function parseCsv(exported: string): string[][] {
  if (!exported.startsWith(byteOrderMark)) throw new Error('the export does not start with a UTF-8 byte order mark')
  const text = exported.slice(byteOrderMark.length)
  const records: string[][] = []
  let record: string[] = []
  let field = ''
  let quoted = false
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i]
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"'
        i += 1
      } else if (char === '"') quoted = false
      else field += char
    } else if (char === '"') quoted = true
    else if (char === ',') {
      record.push(field)
      field = ''
    } else if (char === '\r' && text[i + 1] === '\n') {
      record.push(field)
      records.push(record)
      record = []
      field = ''
      i += 1
    } else field += char
  }
  if (field !== '' || record.length > 0) throw new Error('the CSV does not end with CRLF')
  return records
}

/**
 * An export record of a direct lead or order outside a split test: the seven campaign cells
 * (decision D37) and the variant's (D36), empty, before the time.
 */
export const withDirectCampaign = (record: string[]): string[] => [
  ...record.slice(0, -1),
  ...utmFields.map(() => ''),
  '',
  ...record.slice(-1),
]
