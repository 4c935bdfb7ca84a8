import { readFile } from 'node:fs/promises'
import { sql } from 'drizzle-orm'
import { createSeller } from '../../test/factories.js'
import { describe, expect, test } from '../../test/fixtures.js'
import { insertFreeOffer } from '../../test/funnel-factories.js'
import { orders } from '../modules/orders/orders-tables.js'

const migration = new URL('./migrations/0015_free_completion_counts.sql', import.meta.url)

/**
 * Migration 0015 gives each lead the time of its first free completion and counts those per day
 * (docs/decisions/0005). The test puts a migrated database back in the state before it, stores
 * leads and orders the old way, and runs the migration's own SQL again.
 */
describe('migration 0015: free completions counted per person', () => {
  test('dates each lead by its first free order, once however many, and counts them per day', async ({ app }) => {
    const sellerId = (await createSeller(app)).seller.id
    const offerId = (await insertFreeOffer(app, sellerId)).id
    await app.db.execute(sql`drop table free_completion_daily_counts`)
    await app.db.execute(sql`drop function free_completion_daily_counts_apply() cascade`)
    // Migration 0021's lead triggers, which came after and read the column.
    await app.db.execute(sql`drop function funnel_hourly_leads_apply() cascade`)
    await app.db.execute(sql`alter table leads drop column free_completed_at`)
    await app.db.execute(sql`insert into leads (seller_id, free_offer_id, email, full_name) values
      (${sellerId}, ${offerId}, 'twice@example.com', 'Twice'),
      (${sellerId}, ${offerId}, 'shout@example.com', 'Shout'),
      (${sellerId}, ${offerId}, 'paying@example.com', 'Paying')`)
    let n = 0
    const order = (email: string, createdAt: string, amountCents: number, status: 'paid' | 'pending'): typeof orders.$inferInsert => {
      n += 1
      return {
        sellerId,
        freeOfferId: offerId,
        fullName: 'Buyer',
        email,
        amountCents,
        status,
        currency: 1,
        provider: 'local',
        intentId: `pi_0015_${n}`,
        createdAt: new Date(createdAt),
      }
    }
    await app.db
      .insert(orders)
      .values([
        order('twice@example.com', '2025-03-01T10:00:00Z', 0, 'paid'),
        order('twice@example.com', '2025-03-04T10:00:00Z', 0, 'paid'),
        order('SHOUT@example.com', '2025-03-02T23:59:59Z', 0, 'paid'),
        order('paying@example.com', '2025-03-02T10:00:00Z', 999, 'paid'),
        order('paying@example.com', '2025-03-03T10:00:00Z', 0, 'pending'),
      ])

    for (const statement of (await readFile(migration, 'utf8')).split('--> statement-breakpoint')) {
      await app.db.execute(sql.raw(statement))
    }

    const leads = await app.db.execute(sql`select email, free_completed_at from leads where seller_id = ${sellerId} order by email`)
    expect(leads.rows.map((row) => [row.email, row.free_completed_at && new Date(String(row.free_completed_at)).toISOString()])).toEqual([
      ['paying@example.com', null],
      ['shout@example.com', '2025-03-02T23:59:59.000Z'],
      ['twice@example.com', '2025-03-01T10:00:00.000Z'],
    ])
    const counts = () =>
      app.db.execute(sql`select day::text, completers::int from free_completion_daily_counts where free_offer_id = ${offerId} order by day`)
    expect((await counts()).rows).toEqual([
      { day: '2025-03-01', completers: 1 },
      { day: '2025-03-02', completers: 1 },
    ])

    // The triggers keep the counter from then on: a deleted lead leaves it.
    await app.db.execute(sql`delete from leads where email = 'twice@example.com' and free_offer_id = ${offerId}`)
    expect((await counts()).rows).toEqual([
      { day: '2025-03-01', completers: 0 },
      { day: '2025-03-02', completers: 1 },
    ])
  })
})
