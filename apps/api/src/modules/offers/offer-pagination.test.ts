import type { TestApp } from '../../../test/build-test-app.js'
import { createSellerSession } from '../../../test/factories.js'
import { describe, expect, test } from '../../../test/fixtures.js'
import { createBump, createFree, createUpsell } from './offer-test-kit.js'

type Page = { count: number; next: string | null; previous: string | null; results: { id: string; headline: string | null }[] }

describe('offer lists', () => {
  let ctx: TestApp
  let headers: Record<string, string>
  let created: Record<'free-product' | 'bump-offer' | 'upsell-offer', string[]>

  test.beforeEach(async ({ app }) => {
    ctx = app
    created = { 'free-product': [], 'bump-offer': [], 'upsell-offer': [] }
    ;({ headers } = await createSellerSession(ctx))
    // 26 of each: two full default pages of 12 and a last page of 2.
    for (let i = 0; i < 26; i += 1) {
      created['free-product'].push((await createFree(ctx, headers, { headline: `Free ${i}` })).id)
      created['bump-offer'].push((await createBump(ctx, headers, { headline: `Bump ${i}` })).id)
      created['upsell-offer'].push((await createUpsell(ctx, headers, { headline: `Upsell ${i}` })).id)
    }
    // Another seller's offers never show up in these lists.
    const other = await createSellerSession(ctx)
    await createFree(ctx, other.headers)
    await createBump(ctx, other.headers)
    await createUpsell(ctx, other.headers)
  }, 120_000)

  const list = async (path: string, query = '') => {
    const response = await ctx.app.inject({ url: `/api/v1/${path}/${query}`, headers })
    return { status: response.statusCode, body: response.json() as Page }
  }

  for (const path of ['free-product', 'bump-offer', 'upsell-offer'] as const) {
    describe(path, () => {
      const link = (page: number, size = 12) => `http://funnelry.test/api/v1/${path}/?page=${page}&page_size=${size}`

      test('pages newest first, 12 by default, with absolute next and previous links', async () => {
        const newestFirst = [...created[path]].reverse()
        const first = await list(path)
        expect(first.status).toBe(200)
        expect(first.body).toMatchObject({ count: 26, next: link(2), previous: null })
        expect(first.body.results.map((r) => r.id)).toEqual(newestFirst.slice(0, 12))

        const second = await list(path, '?page=2')
        expect(second.body).toMatchObject({ count: 26, next: link(3), previous: link(1) })
        expect(second.body.results.map((r) => r.id)).toEqual(newestFirst.slice(12, 24))

        const last = await list(path, '?page=3')
        expect(last.body).toMatchObject({ count: 26, next: null, previous: link(2) })
        expect(last.body.results.map((r) => r.id)).toEqual(newestFirst.slice(24))
      })

      test('answers an empty page past the end, pointing back at the last page', async () => {
        const past = await list(path, '?page=9&page_size=10')
        expect(past.status).toBe(200)
        expect(past.body).toEqual({ count: 26, next: null, previous: link(3, 10), results: [] })
      })

      test('accepts page_size up to 100 and refuses more, or a page below 1', async () => {
        const all = await list(path, '?page_size=100')
        expect(all.body).toMatchObject({ count: 26, next: null, previous: null })
        expect(all.body.results).toHaveLength(26)

        const exact = await list(path, '?page=2&page_size=13')
        expect(exact.body).toMatchObject({ next: null, previous: link(1, 13) })
        expect(exact.body.results).toHaveLength(13)

        for (const query of ['?page_size=101', '?page_size=0', '?page=0', '?page=abc', '?page=1.5']) {
          const bad = await list(path, query)
          expect(bad.status, query).toBe(400)
        }
        expect((await list(path, '?page_size=101')).body).toMatchObject({ page_size: ['page_size can be at most 100.'] })
      })
    })
  }

  test('keeps an empty list well formed', async () => {
    const fresh = await createSellerSession(ctx)
    for (const path of ['free-product', 'bump-offer', 'upsell-offer']) {
      const response = await ctx.app.inject({ url: `/api/v1/${path}/`, headers: fresh.headers })
      expect(response.json()).toEqual({ count: 0, next: null, previous: null, results: [] })
    }
  })
})
