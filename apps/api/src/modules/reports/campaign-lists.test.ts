import { directUtm, leadExportColumns, orderExportColumns, type Utm } from '@funnelry/shared'
import type { TestApp } from '../../../test/build-test-app.js'
import { createSellerSession } from '../../../test/factories.js'
import { describe, expect, test } from '../../../test/fixtures.js'
import { insertFreeOffer } from '../../../test/funnel-factories.js'
import { utmRowOf } from '../../lib/arrival.js'
import { insertLead, insertOrder, parseCsv } from './report-test-kit.js'

/** Decision D37: the Leads and Orders lists and exports say which campaign brought each row, and filter by it. */

const spring: Utm = {
  utm_source: 'facebook',
  utm_medium: 'paid',
  utm_campaign: 'spring',
  utm_content: 'video-a',
  utm_term: null,
  fbclid: 'IwAR1',
  gclid: null,
}
const search: Utm = { ...spring, utm_source: 'google', utm_medium: 'cpc', utm_content: null, fbclid: null, gclid: 'Cj0' }

type Headers = Record<string, string>
type Row = { full_name: string; utm: Utm }

describe('campaigns in the Leads and Orders lists and exports', () => {
  let ctx: TestApp
  let headers: Headers
  let otherHeaders: Headers
  let sellerId: string
  let freeOfferId: string

  test.beforeEach(async ({ app }) => {
    ctx = app
    const session = await createSellerSession(ctx)
    headers = session.headers
    sellerId = session.seller.id
    freeOfferId = (await insertFreeOffer(ctx, sellerId)).id
    const at = (day: number) => new Date(`2025-04-0${day}T10:00:00Z`)
    await insertLead(ctx, { sellerId, freeOfferId, fullName: 'Direct Dan', createdAt: at(1) })
    await insertLead(ctx, { sellerId, freeOfferId, fullName: 'Spring Sue', createdAt: at(2), ...utmRowOf(spring) })
    await insertLead(ctx, { sellerId, freeOfferId, fullName: 'Search Sam', createdAt: at(3), ...utmRowOf(search) })
    const paid = { status: 'paid', amountCents: 1999 } as const
    await insertOrder(ctx, { sellerId, freeOfferId, fullName: 'Direct Dan', createdAt: at(1), ...paid })
    await insertOrder(ctx, { sellerId, freeOfferId, fullName: 'Spring Sue', createdAt: at(2), ...paid, ...utmRowOf(spring) })
    await insertOrder(ctx, { sellerId, freeOfferId, fullName: 'Search Sam', createdAt: at(3), ...paid, ...utmRowOf(search) })

    // Another seller's lead of the same campaign is never listed.
    const other = await createSellerSession(ctx)
    otherHeaders = other.headers
    const otherOffer = (await insertFreeOffer(ctx, other.seller.id)).id
    await insertLead(ctx, {
      sellerId: other.seller.id,
      freeOfferId: otherOffer,
      fullName: 'Not Yours',
      createdAt: at(2),
      ...utmRowOf(spring),
    })
  })

  const list = async (kind: 'leads' | 'orders', query: string, as: Headers = headers) => {
    const response = await ctx.app.inject({ url: `/api/v1/${kind}/${query}`, headers: as })
    expect(response.statusCode).toBe(200)
    return response.json() as { count: number; results: Row[] }
  }
  const names = (body: { results: Row[] }) => body.results.map((row) => row.full_name)

  test.each(['leads', 'orders'] as const)('each %s row carries its utm object; direct rows have every field null', async (kind) => {
    const body = await list(kind, '')
    expect(body.results.map((row) => [row.full_name, row.utm])).toEqual([
      ['Search Sam', search],
      ['Spring Sue', spring],
      [
        'Direct Dan',
        { utm_source: null, utm_medium: null, utm_campaign: null, utm_content: null, utm_term: null, fbclid: null, gclid: null },
      ],
    ])
  })

  test.each(['leads', 'orders'] as const)('%s filter by exact campaign and source, with exact counts', async (kind) => {
    const byCampaign = await list(kind, '?utm_campaign=spring')
    expect(names(byCampaign)).toEqual(['Search Sam', 'Spring Sue'])
    expect(byCampaign.count).toBe(2)
    const bySource = await list(kind, '?utm_campaign=spring&utm_source=facebook')
    expect(names(bySource)).toEqual(['Spring Sue'])
    expect(bySource.count).toBe(1)
    expect((await list(kind, '?utm_source=Facebook')).count).toBe(0)
    // An empty filter is no filter, as the forms send it.
    expect((await list(kind, '?utm_source=')).count).toBe(3)
    // With the search and the date range.
    expect(names(await list(kind, '?utm_campaign=spring&search=sam&date_from=2025-04-03'))).toEqual(['Search Sam'])
    expect(names(await list(kind, '?utm_campaign=spring', otherHeaders))).toEqual(kind === 'leads' ? ['Not Yours'] : [])
  })

  test('a next link keeps the campaign filter', async () => {
    const body = await ctx.app.inject({ url: '/api/v1/leads/?utm_campaign=spring&page_size=1', headers })
    const next = new URL((body.json() as { next: string }).next)
    expect(next.searchParams.get('utm_campaign')).toBe('spring')
  })

  test('an over-long campaign filter is a field error, never a 500', async () => {
    const response = await ctx.app.inject({ url: `/api/v1/orders/?utm_campaign=${'x'.repeat(201)}`, headers })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({ utm_campaign: ['Use at most 200 characters.'] })
  })

  test('both CSV exports carry the seven campaign columns before the time, and take the filters', async () => {
    const leadsCsv = parseCsv((await ctx.app.inject({ url: '/api/v1/leads/export/?utm_source=google', headers })).body)
    expect(leadsCsv).toEqual([
      [...leadExportColumns],
      ['Search Sam', expect.any(String), expect.any(String), 'google', 'cpc', 'spring', '', '', '', 'Cj0', '', '2025-04-03T10:00:00.000Z'],
    ])
    const ordersCsv = parseCsv((await ctx.app.inject({ url: '/api/v1/orders/export/?utm_campaign=spring', headers })).body)
    expect(ordersCsv[0]).toEqual([...orderExportColumns])
    expect(ordersCsv.slice(1).map((record) => record.slice(-9))).toEqual([
      ['google', 'cpc', 'spring', '', '', '', 'Cj0', '', '2025-04-03T10:00:00.000Z'],
      ['facebook', 'paid', 'spring', 'video-a', '', 'IwAR1', '', '', '2025-04-02T10:00:00.000Z'],
    ])
  })

  test('campaign cells a spreadsheet would run are defused, and absent ones are written bare, as csvCell writes them', async () => {
    const crafted: Utm = { ...directUtm, utm_source: 'x', utm_campaign: '=HYPERLINK("http://evil.example")', gclid: '+1' }
    await insertLead(ctx, {
      sellerId,
      freeOfferId,
      fullName: 'Crafted Link',
      createdAt: new Date('2025-04-04T10:00:00Z'),
      ...utmRowOf(crafted),
    })
    const body = (await ctx.app.inject({ url: '/api/v1/leads/export/', headers })).body
    const record = body.split('\r\n').find((line) => line.startsWith('Crafted Link,')) ?? ''
    expect(record.endsWith(`x,,"'=HYPERLINK(""http://evil.example"")",,,,'+1,,2025-04-04T10:00:00.000Z`)).toBe(true)
    // The direct lead: seven campaign cells and the variant's, empty and unquoted.
    const direct = body.split('\r\n').find((line) => line.startsWith('Direct Dan,')) ?? ''
    expect(direct).toMatch(/,,,,,,,,2025-04-01T10:00:00\.000Z$/)
    expect(direct).not.toContain('""')
  })
})
