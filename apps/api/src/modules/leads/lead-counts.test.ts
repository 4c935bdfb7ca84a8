import { eq } from 'drizzle-orm'
import type pg from 'pg'
import type { TestApp } from '../../../test/build-test-app.js'
import { createSeller } from '../../../test/factories.js'
import { describe, expect, test } from '../../../test/fixtures.js'
import { insertFreeOffer } from '../../../test/funnel-factories.js'
import { leadDailyCounts } from '../reports/reports-tables.js'

/**
 * Lead capture writes one offer's leads from several transactions at once (docs/decisions/0011).
 * The offer's daily counter moves at commit (migration 0010), so an open transaction does not hold
 * the counter row while the others store their leads.
 */
describe('daily lead counts under concurrent capture', () => {
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

  const insertLead = (client: pg.PoolClient, email: string) =>
    client.query('INSERT INTO leads (seller_id, free_offer_id, email, full_name) VALUES ($1, $2, $3, $4)', [sellerId, offerId, email, 'V'])

  test('stores and counts a lead while another transaction of the same offer is still open, and counts only what commits', async () => {
    const open = await ctx.db.$client.connect()
    held.push(open)
    const other = await ctx.db.$client.connect()
    held.push(other)
    await open.query('BEGIN')
    await insertLead(open, 'first@example.com')

    // Before migration 0010 this waited on the counter row until the open transaction ended.
    await other.query('BEGIN')
    await insertLead(other, 'second@example.com')
    await other.query('COMMIT')

    const counted = async () =>
      (await ctx.db.select().from(leadDailyCounts).where(eq(leadDailyCounts.freeOfferId, offerId))).reduce((sum, row) => sum + row.leads, 0)
    expect(await counted()).toBe(1)
    await open.query('ROLLBACK')
    expect(await counted()).toBe(1)

    await open.query('BEGIN')
    await insertLead(open, 'third@example.com')
    await open.query('COMMIT')
    expect(await counted()).toBe(2)
  })
})
