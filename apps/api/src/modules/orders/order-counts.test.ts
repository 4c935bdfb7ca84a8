import { eq } from 'drizzle-orm'
import type pg from 'pg'
import type { TestApp } from '../../../test/build-test-app.js'
import { createSeller } from '../../../test/factories.js'
import { describe, expect, test } from '../../../test/fixtures.js'
import { insertFreeOffer } from '../../../test/funnel-factories.js'
import { orderDailyCounts } from '../reports/reports-tables.js'

/**
 * Checkout at campaign scale (issue 22): many buyers of one offer write orders at once. The order
 * counter moves at commit (migration 0018), so an open checkout does not hold the counter row while
 * the others store and pay their orders.
 */
describe('daily order counts under concurrent checkouts', () => {
  let ctx: TestApp
  let sellerId: string
  let offerId: string
  const held: pg.PoolClient[] = []

  test.beforeEach(async ({ app }) => {
    ctx = app
    sellerId = (await createSeller(ctx)).seller.id
    offerId = (await insertFreeOffer(ctx, sellerId, { headline: 'Counted Guide' })).id
  })
  test.afterEach(async () => {
    for (const client of held.splice(0)) {
      await client.query('ROLLBACK').catch(() => {})
      client.release()
    }
  })

  const insertOrder = (client: pg.PoolClient, email: string) =>
    client.query(
      `INSERT INTO orders (id, seller_id, free_offer_id, full_name, email, amount_cents, currency, status, provider, intent_id)
       VALUES (gen_random_uuid(), $1, $2, 'V', $3, 1900, 1, 'pending', 'local', 'pi_' || md5($3))`,
      [sellerId, offerId, email],
    )
  const counted = async (status: string) =>
    (await ctx.db.select().from(orderDailyCounts).where(eq(orderDailyCounts.freeOfferId, offerId)))
      .filter((row) => row.status === status)
      .reduce((sum, row) => sum + row.orders, 0)

  test('stores, pays and counts an order while another checkout of the same offer is still open, and counts only what commits', async () => {
    const open = await ctx.db.$client.connect()
    held.push(open)
    const other = await ctx.db.$client.connect()
    held.push(other)
    await open.query('BEGIN')
    await insertOrder(open, 'first@example.com')

    // Before migration 0018 this waited on the counter row until the open transaction ended.
    await other.query('BEGIN')
    await insertOrder(other, 'second@example.com')
    await other.query(`UPDATE orders SET status = 'paid' WHERE email = 'second@example.com'`)
    await other.query('COMMIT')

    expect([await counted('pending'), await counted('paid')]).toEqual([0, 1])
    await open.query('ROLLBACK')
    expect([await counted('pending'), await counted('paid')]).toEqual([0, 1])

    await open.query('BEGIN')
    await insertOrder(open, 'third@example.com')
    await open.query('COMMIT')
    expect([await counted('pending'), await counted('paid')]).toEqual([1, 1])
  })
})
