import type { OfferStats } from '@funnelry/shared'
import { asc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../../test/build-test-app.js'
import { createSellerSession } from '../../../test/factories.js'
import { insertFreeOffer } from '../../../test/funnel-factories.js'
import { offerDailyViews, sellerDomains } from '../../db/schema/index.js'

describe('POST /api/v1/free-product/{id}/view/', () => {
  let ctx: TestApp
  let headers: Record<string, string>
  let offerId: string
  let otherOfferId: string

  beforeAll(async () => {
    ctx = await createTestApp()
    const session = await createSellerSession(ctx)
    headers = session.headers
    offerId = (await insertFreeOffer(ctx, session.seller.id)).id
    const other = await createSellerSession(ctx)
    otherOfferId = (await insertFreeOffer(ctx, other.seller.id)).id
    await ctx.db
      .insert(sellerDomains)
      .values({ sellerId: session.seller.id, domain: 'shop.example.com', verificationToken: 'proven', status: 'verified' })
  })
  afterAll(() => ctx.close())

  const view = (id: string, remoteAddress: string, host?: string) =>
    ctx.app.inject({ method: 'POST', url: `/api/v1/free-product/${id}/view/`, remoteAddress, ...(host ? { headers: { host } } : {}) })
  const views = async (id: string) =>
    await ctx.db.select().from(offerDailyViews).where(eq(offerDailyViews.freeOfferId, id)).orderBy(asc(offerDailyViews.day))
  const statsViews = async () =>
    ((await ctx.app.inject({ url: `/api/v1/free-product/${offerId}/stats/`, headers })).json() as OfferStats).views

  it('counts views without auth into one row per offer and UTC day', async () => {
    for (let n = 0; n < 3; n += 1) {
      const response = await view(offerId, '203.0.113.1')
      expect(response.statusCode).toBe(204)
      expect(response.body).toBe('')
    }
    const today = ctx.clock.now().toISOString().slice(0, 10)
    expect(await views(offerId)).toEqual([{ freeOfferId: offerId, day: today, views: 3 }])
    expect(await statsViews()).toBe(3)
  })

  it('loses no view under concurrent page loads', async () => {
    const before = await statsViews()
    const responses = await Promise.all(Array.from({ length: 20 }, (_, n) => view(offerId, `203.0.113.${100 + n}`)))
    expect(responses.every((response) => response.statusCode === 204)).toBe(true)
    expect(await statsViews()).toBe(before + 20)
  })

  it('answers 404 for an unknown or malformed offer, storing nothing', async () => {
    const unknown = await view(crypto.randomUUID(), '203.0.113.3')
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json()).toEqual({ detail: 'This offer does not exist.' })
    expect((await view('not-an-id', '203.0.113.3')).statusCode).toBe(404)
  })

  it('limits each client to 60 views a minute', async () => {
    const before = await statsViews()
    const statuses: number[] = []
    for (let n = 0; n < 61; n += 1) statuses.push((await view(offerId, '198.51.100.7')).statusCode)
    expect(statuses.slice(0, 60).every((status) => status === 204)).toBe(true)
    expect(statuses[60]).toBe(429)
    expect((await view(offerId, '198.51.100.8')).statusCode).toBe(204)
    expect(await statsViews()).toBe(before + 61)
  })

  it('counts on the seller’s custom domain only that seller’s offers', async () => {
    expect((await view(offerId, '203.0.113.4', 'shop.example.com')).statusCode).toBe(204)
    expect((await view(otherOfferId, '203.0.113.4', 'shop.example.com')).statusCode).toBe(404)
    expect(await views(otherOfferId)).toEqual([])
  })

  it('starts a new row on the next day', async () => {
    // Last: moving the clock a day on also expires the seller's access token.
    const before = (await views(offerId)).reduce((sum, row) => sum + row.views, 0)
    ctx.clock.advance(24 * 60 * 60 * 1000)
    expect((await view(offerId, '203.0.113.2')).statusCode).toBe(204)
    const rows = await views(offerId)
    expect(rows).toHaveLength(2)
    expect(rows[1]).toMatchObject({ day: ctx.clock.now().toISOString().slice(0, 10), views: 1 })
    expect(rows.reduce((sum, row) => sum + row.views, 0)).toBe(before + 1)
  })
})
