import { readFile } from 'node:fs/promises'
import { sql } from 'drizzle-orm'
import { createSellerSession } from '../../test/factories.js'
import { describe, expect, test } from '../../test/fixtures.js'

const migration = new URL('./migrations/0035_add_on_price_column.sql', import.meta.url)

/**
 * Migration 0035 gives a paid add-on's price one column name in both tables (issue 21). The test
 * puts a migrated database back in the state before it (the old names), stores a BUMP and an upsell
 * the old way, runs the migration's own SQL again, and reads them back through the API, whose field
 * names do not change.
 */
describe('migration 0035: one price column for both paid add-ons', () => {
  test('keeps every BUMP and upsell price, null included', async ({ app }) => {
    const session = await createSellerSession(app)
    const sellerId = session.seller.id
    await app.db.execute(sql`alter table bump_offers rename column price_cents to new_price_cents`)
    await app.db.execute(sql`alter table upsell_offers rename column price_cents to product_price_cents`)
    const bumps = await app.db.execute(sql`insert into bump_offers (seller_id, headline, url, old_price_cents, new_price_cents) values
      (${sellerId}, 'Priced', 'https://files.example/priced.pdf', 1900, 350),
      (${sellerId}, 'Unpriced', 'https://files.example/unpriced.pdf', null, null)
      returning id, headline`)
    const upsells = await app.db.execute(sql`insert into upsell_offers (seller_id, headline, url, opt_in_button, product_price_cents)
      values (${sellerId}, 'The Course', 'https://files.example/course', 'Yes, add the course', 4900) returning id`)

    for (const statement of (await readFile(migration, 'utf8')).split('--> statement-breakpoint')) {
      await app.db.execute(sql.raw(statement))
    }

    const stored = await app.db.execute(sql`
      select 'bump' as kind, headline, price_cents from bump_offers where seller_id = ${sellerId}
      union all
      select 'upsell', headline, price_cents from upsell_offers where seller_id = ${sellerId}
      order by kind, headline`)
    expect(stored.rows).toEqual([
      { kind: 'bump', headline: 'Priced', price_cents: 350 },
      { kind: 'bump', headline: 'Unpriced', price_cents: null },
      { kind: 'upsell', headline: 'The Course', price_cents: 4900 },
    ])

    const idOf = (rows: Record<string, unknown>[], headline?: string) =>
      String((headline ? rows.find((row) => row.headline === headline) : rows[0])?.id)
    const read = (path: string) => app.app.inject({ method: 'GET', url: `/api/v1/${path}`, headers: session.headers })
    const bump = await read(`bump-offer/${idOf(bumps.rows, 'Priced')}/`)
    expect(bump.json()).toMatchObject({ old_price: '19.00', new_price: '3.50' })
    const upsell = await read(`upsell-offer/${idOf(upsells.rows)}/`)
    expect(upsell.json()).toMatchObject({ product_price: '49.00' })
  })
})
