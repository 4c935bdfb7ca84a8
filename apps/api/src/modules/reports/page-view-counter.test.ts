import type { OfferStats } from '@funnelry/shared'
import { asc, eq } from 'drizzle-orm'
import type { TestApp } from '../../../test/build-test-app.js'
import { createSellerSession } from '../../../test/factories.js'
import { describe, expect, test } from '../../../test/fixtures.js'
import { insertFreeOffer } from '../../../test/funnel-factories.js'
import { sellerDomains } from '../settings/settings-tables.js'
import { offerDailyViews } from './reports-tables.js'

/** A seller with an offer and a verified custom domain, another seller's offer, and ways to count views. */
async function setUp(app: TestApp) {
  const session = await createSellerSession(app)
  const offerId = (await insertFreeOffer(app, session.seller.id)).id
  const other = await createSellerSession(app)
  const otherOfferId = (await insertFreeOffer(app, other.seller.id)).id
  await app.db
    .insert(sellerDomains)
    .values({ sellerId: session.seller.id, domain: 'shop.example.com', verificationToken: 'proven', status: 'verified' })
  const view = (id: string, remoteAddress: string, host?: string) =>
    app.inject({ method: 'POST', url: `/api/v1/free-product/${id}/view/`, remoteAddress, ...(host ? { headers: { host } } : {}) })
  const views = async (id: string) =>
    await app.db.select().from(offerDailyViews).where(eq(offerDailyViews.freeOfferId, id)).orderBy(asc(offerDailyViews.day))
  const statsViews = async () =>
    ((await app.inject({ url: `/api/v1/free-product/${offerId}/stats/`, headers: session.headers })).json() as OfferStats).views
  return { offerId, otherOfferId, view, views, statsViews }
}

describe('POST /api/v1/free-product/{id}/view/', () => {
  test('counts views without auth into one row per offer and UTC day', async ({ app, clock }) => {
    const { offerId, view, views, statsViews } = await setUp(app)
    for (let n = 0; n < 3; n += 1) {
      const response = await view(offerId, '203.0.113.1')
      expect(response.statusCode).toBe(204)
      expect(response.body).toBe('')
    }
    const today = clock.now().toISOString().slice(0, 10)
    expect(await views(offerId)).toEqual([{ freeOfferId: offerId, day: today, views: 3 }])
    expect(await statsViews()).toBe(3)
  })

  test('loses no view under concurrent page loads', async ({ app }) => {
    const { offerId, view, statsViews } = await setUp(app)
    const responses = await Promise.all(Array.from({ length: 20 }, (_, n) => view(offerId, `203.0.113.${100 + n}`)))
    expect(responses.every((response) => response.statusCode === 204)).toBe(true)
    expect(await statsViews()).toBe(20)
  })

  test('answers 404 for an unknown or malformed offer, storing nothing', async ({ app }) => {
    const { view } = await setUp(app)
    const unknown = await view(crypto.randomUUID(), '203.0.113.3')
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json()).toEqual({ detail: 'This offer does not exist.' })
    expect((await view('not-an-id', '203.0.113.3')).statusCode).toBe(404)
    expect(await app.db.select().from(offerDailyViews)).toEqual([])
  })

  test('limits each client to 60 views a minute', async ({ app }) => {
    const { offerId, view, statsViews } = await setUp(app)
    const statuses: number[] = []
    for (let n = 0; n < 61; n += 1) statuses.push((await view(offerId, '198.51.100.7')).statusCode)
    expect(statuses.slice(0, 60).every((status) => status === 204)).toBe(true)
    expect(statuses[60]).toBe(429)
    expect((await view(offerId, '198.51.100.8')).statusCode).toBe(204)
    expect(await statsViews()).toBe(61)
  })

  test('counts on the seller’s custom domain only that seller’s offers', async ({ app }) => {
    const { offerId, otherOfferId, view, views } = await setUp(app)
    expect((await view(offerId, '203.0.113.4', 'shop.example.com')).statusCode).toBe(204)
    expect((await view(otherOfferId, '203.0.113.4', 'shop.example.com')).statusCode).toBe(404)
    expect(await views(otherOfferId)).toEqual([])
  })

  test('starts a new row on the next day', async ({ app, clock }) => {
    const { offerId, view, views } = await setUp(app)
    expect((await view(offerId, '203.0.113.2')).statusCode).toBe(204)
    clock.advance(24 * 60 * 60 * 1000)
    expect((await view(offerId, '203.0.113.2')).statusCode).toBe(204)
    const rows = await views(offerId)
    expect(rows).toHaveLength(2)
    expect(rows[0]).toMatchObject({ views: 1 })
    expect(rows[1]).toMatchObject({ day: clock.now().toISOString().slice(0, 10), views: 1 })
  })
})
