import type { LeadList } from '@funnelry/shared'
import { directUtm } from '@funnelry/shared'
import type { TestApp } from '../../../test/build-test-app.js'
import { createSellerSession } from '../../../test/factories.js'
import { describe, expect, test } from '../../../test/fixtures.js'
import { insertFreeOffer } from '../../../test/funnel-factories.js'
import { insertLead } from './report-test-kit.js'

type Headers = Record<string, string>

describe('GET /api/v1/leads/', () => {
  let ctx: TestApp
  let headers: Headers
  let otherHeaders: Headers
  let guide: { id: string; headline: string }
  let course: { id: string; headline: string }
  let otherOfferId: string
  /** The seller's lead ids, newest first. */
  let newestFirst: string[]

  test.beforeEach(async ({ app }) => {
    ctx = app
    newestFirst = []
    const session = await createSellerSession(ctx)
    headers = session.headers
    const other = await createSellerSession(ctx)
    otherHeaders = other.headers
    guide = await insertFreeOffer(ctx, session.seller.id, { headline: 'The Guide' })
    course = await insertFreeOffer(ctx, session.seller.id, { headline: 'Mini Course' })
    otherOfferId = (await insertFreeOffer(ctx, other.seller.id)).id

    const people = [
      // name, email, offer, created at (UTC)
      ['Ada Lovelace', 'ada@example.com', guide, '2025-03-01T00:00:00.000Z'],
      ['Grace Hopper', 'grace@navy.example', guide, '2025-03-01T23:59:59.999Z'],
      ['Alan Turing', 'alan@example.org', course, '2025-03-02T12:00:00.000Z'],
      ['Katherine Johnson', 'kj@nasa.example', course, '2025-03-03T08:00:00.000Z'],
      ['Percent 100% Sure', 'under_score@example.com', guide, '2025-03-04T08:00:00.000Z'],
    ] as const
    for (const [fullName, email, offer, at] of people) {
      const lead = await insertLead(ctx, { sellerId: session.seller.id, freeOfferId: offer.id, fullName, email, createdAt: new Date(at) })
      newestFirst.unshift(lead.id)
    }
    // Another seller's lead whose name would match every search below.
    await insertLead(ctx, {
      sellerId: other.seller.id,
      freeOfferId: otherOfferId,
      fullName: 'Ada Grace Alan 100% under_score',
      email: 'ada.grace@example.com',
      createdAt: new Date('2025-03-02T00:00:00Z'),
    })
  })

  const list = async (query = '', as: Headers = headers) => {
    const response = await ctx.app.inject({ url: `/api/v1/leads/${query}`, headers: as })
    return { status: response.statusCode, body: response.json() as LeadList }
  }
  const ids = (body: LeadList) => body.results.map((lead) => lead.id)

  test('lists the seller’s leads newest first with their free offer', async () => {
    const { status, body } = await list()
    expect(status).toBe(200)
    expect(body.count).toBe(5)
    expect(ids(body)).toEqual(newestFirst)
    expect(body.results[4]).toEqual({
      id: newestFirst[4],
      full_name: 'Ada Lovelace',
      email: 'ada@example.com',
      free_offer: { id: guide.id, headline: 'The Guide' },
      utm: directUtm,
      variant: null,
      created_at: '2025-03-01T00:00:00.000Z',
    })
  })

  test('pages, keeping the filters in next and previous', async () => {
    const first = await list(`?page_size=2&free_offer=${guide.id}`)
    expect(first.body.count).toBe(3)
    expect(first.body.previous).toBeNull()
    const nextUrl = new URL(first.body.next ?? '')
    expect(nextUrl.origin + nextUrl.pathname).toBe('http://funnelry.test/api/v1/leads/')
    expect(Object.fromEntries(nextUrl.searchParams)).toEqual({ page: '2', page_size: '2', free_offer: guide.id })
    const second = await list(`${nextUrl.search}`)
    expect(second.body.next).toBeNull()
    expect(new URL(second.body.previous ?? '').searchParams.get('free_offer')).toBe(guide.id)
    expect([...ids(first.body), ...ids(second.body)]).toEqual(newestFirst.filter((_, i) => i !== 1 && i !== 2))
  })

  test('searches name or email, any case, as plain text', async () => {
    const byName = await list('?search=GRACE')
    expect(byName.body.results.map((lead) => lead.full_name)).toEqual(['Grace Hopper'])
    const byEmail = await list('?search=example.org')
    expect(byEmail.body.results.map((lead) => lead.full_name)).toEqual(['Alan Turing'])
    const both = await list('?search=a')
    expect(both.body.count).toBe(5)
    // % and _ are not wildcards.
    expect((await list(`?search=${encodeURIComponent('100%')}`)).body.count).toBe(1)
    expect((await list('?search=a_a')).body.count).toBe(0)
    expect((await list('?search=under_')).body.count).toBe(1)
    // An empty search is no filter.
    expect((await list('?search=&free_offer=&date_from=')).body.count).toBe(5)
  })

  test('filters by free offer; another seller’s offer matches nothing', async () => {
    const { body } = await list(`?free_offer=${course.id}`)
    expect(body.results.map((lead) => lead.full_name)).toEqual(['Katherine Johnson', 'Alan Turing'])
    expect((await list(`?free_offer=${otherOfferId}`)).body).toEqual({ count: 0, next: null, previous: null, results: [] })
  })

  test('filters by inclusive UTC days', async () => {
    const day = await list('?date_from=2025-03-01&date_to=2025-03-01')
    expect(day.body.results.map((lead) => lead.full_name)).toEqual(['Grace Hopper', 'Ada Lovelace'])
    const from = await list('?date_from=2025-03-03')
    expect(from.body.results.map((lead) => lead.full_name)).toEqual(['Percent 100% Sure', 'Katherine Johnson'])
    const to = await list('?date_to=2025-03-02')
    expect(to.body.count).toBe(3)
    const combined = await list(`?date_from=2025-03-02&date_to=2025-03-04&search=example&free_offer=${course.id}`)
    expect(combined.body.results.map((lead) => lead.full_name)).toEqual(['Katherine Johnson', 'Alan Turing'])
  })

  test('refuses bad filters with a readable 400', async () => {
    const reversed = await ctx.app.inject({ url: '/api/v1/leads/?date_from=2025-03-05&date_to=2025-03-01', headers })
    expect(reversed.statusCode).toBe(400)
    expect(reversed.json()).toMatchObject({ detail: 'date_to: The end date must not be before the start date.' })
    const badDay = await ctx.app.inject({ url: '/api/v1/leads/?date_from=2025-02-30', headers })
    expect(badDay.statusCode).toBe(400)
    expect(badDay.json()).toMatchObject({ date_from: ['Use a date such as 2025-01-31.'] })
    for (const extreme of ['date_from=0000-01-01', 'date_to=9999-12-31']) {
      const response = await ctx.app.inject({ url: `/api/v1/leads/?${extreme}`, headers })
      expect(response.statusCode).toBe(400)
      expect(Object.values(response.json()).flat()).toContain('Choose a date between 1900-01-01 and 9998-12-31.')
    }
    const exportOfExtreme = await ctx.app.inject({ url: '/api/v1/leads/export/?date_from=0000-01-01', headers })
    expect(exportOfExtreme.statusCode).toBe(400)
    const badOffer = await ctx.app.inject({ url: '/api/v1/leads/?free_offer=nope', headers })
    expect(badOffer.json()).toMatchObject({ free_offer: ['Choose one of your free offers.'] })
  })

  test('needs a signed-in seller and shows each seller only their own leads', async () => {
    expect((await ctx.app.inject({ url: '/api/v1/leads/' })).statusCode).toBe(401)
    const other = await list('?search=a', otherHeaders)
    expect(other.body.count).toBe(1)
    expect(other.body.results[0]?.full_name).toBe('Ada Grace Alan 100% under_score')
    expect((await list(`?free_offer=${guide.id}`, otherHeaders)).body.count).toBe(0)
  })
})
