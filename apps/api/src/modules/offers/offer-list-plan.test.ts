import { sql } from 'drizzle-orm'
import type { TestApp } from '../../../test/build-test-app.js'
import { createSeller } from '../../../test/factories.js'
import { describe, expect, test } from '../../../test/fixtures.js'
import { freeOfferRepository } from './free-offer-repository.js'
import { bumpOfferRepository, upsellOfferRepository } from './paid-add-on-repository.js'

/**
 * Lists must stay fast as a seller's offers grow: the page query has to walk the
 * (seller_id, created_at, id) index instead of reading and sorting every row. This checks the
 * plan PostgreSQL chooses, which does not depend on how fast the machine is.
 */
describe('offer list queries', () => {
  let ctx: TestApp
  let sellerId: string

  test.beforeEach(async ({ app }) => {
    ctx = app
    sellerId = (await createSeller(ctx)).seller.id
    const others = [(await createSeller(ctx)).seller.id, (await createSeller(ctx)).seller.id]
    // Many sellers' rows, so reading only this seller's newest page is clearly the cheaper plan.
    for (const owner of [sellerId, ...others]) {
      await ctx.db.execute(sql`
        insert into bump_offers (seller_id, url, created_at)
        select ${owner}, 'https://a.example', now() - (n || ' minutes')::interval from generate_series(1, 4000) n`)
      await ctx.db.execute(sql`
        insert into upsell_offers (seller_id, headline, url, opt_in_button, price_cents, created_at)
        select ${owner}, 'Upsell', 'https://a.example', 'Yes', 100, now() - (n || ' minutes')::interval from generate_series(1, 4000) n`)
      await ctx.db.execute(sql`
        insert into free_offers (seller_id, headline, url, opt_in_button, created_at)
        select ${owner}, 'Free', 'https://a.example', 'Get it', now() - (n || ' minutes')::interval from generate_series(1, 4000) n`)
    }
    await ctx.db.execute(sql`analyze bump_offers; analyze upsell_offers; analyze free_offers`)
  })

  const plan = async (query: { toSQL: () => { sql: string; params: unknown[] } }) => {
    const { sql: text, params } = query.toSQL()
    const result = await ctx.pool.query(`explain ${text}`, params)
    return result.rows.map((row: { 'QUERY PLAN': string }) => row['QUERY PLAN']).join('\n')
  }

  const thirdPage = { page: 3, page_size: 12, search: undefined, ordering: 'newest', archived: false } as const
  test.each([
    ['free offers', () => freeOfferRepository.page(ctx.db, sellerId, thirdPage), 'free_offers_seller_created_idx'],
    ['bump offers', () => bumpOfferRepository.page(ctx.db, sellerId, thirdPage), 'bump_offers_seller_created_idx'],
    ['upsell offers', () => upsellOfferRepository.page(ctx.db, sellerId, thirdPage), 'upsell_offers_seller_created_idx'],
  ])('pages %s through the seller and creation-time index, without sorting', async (_name, query, index) => {
    const text = await plan(query())
    expect(text).toContain(index)
    expect(text).not.toMatch(/\bSort\b/)
  })

  test('pages oldest first through the same index read backwards, without sorting', async () => {
    const text = await plan(freeOfferRepository.page(ctx.db, sellerId, { ...thirdPage, ordering: 'oldest' }))
    expect(text).toContain('free_offers_seller_created_idx')
    expect(text).not.toMatch(/\bSort\b/)
  })
})
