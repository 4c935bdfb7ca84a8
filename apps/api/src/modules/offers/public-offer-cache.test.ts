import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { gunzipSync } from 'node:zlib'
import { eq, sql } from 'drizzle-orm'
import { eventually, type TestApp } from '../../../test/build-test-app.js'
import { describe, expect, test } from '../../../test/fixtures.js'
import { type App, buildApp } from '../../app.js'
import { connectDatabase, type DatabaseHandle } from '../../db/client.js'
import { connectionOf, createSellerChanges, type SellerChanges } from '../../lib/seller-changes.js'
import { createBump, createConnectedSellerSession, createFree, sendForm, validFree } from './offer-test-kit.js'
import { freeOffers } from './offers-tables.js'

const indexHtml = '<!doctype html><html><head><title>Funnelry</title></head><body><div id="root"></div></body></html>'

describe('the cached public reads of a free offer', () => {
  let ctx: TestApp
  let webDist: string
  let headers: Record<string, string>
  let offerId: string
  const read = (app: App = ctx.app, extra: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url: `/api/v1/free-product/${offerId}/`, headers: extra })
  const page = (app: App = ctx.app) =>
    app.inject({ method: 'GET', url: `/free-offer/${offerId}`, headers: { host: 'pages.funnelry.test' } })

  test.override('appOptions', () => ({ deps: { webDist } }))
  test.beforeEach(async () => {
    webDist = await mkdtemp(path.join(os.tmpdir(), 'funnelry-web-'))
    await writeFile(path.join(webDist, 'index.html'), indexHtml)
  })
  test.beforeEach(async ({ app }) => {
    ctx = app
    headers = (await createConnectedSellerSession(ctx)).headers
    offerId = (await createFree(ctx, headers, { headline: 'First headline' })).id
  })
  test.afterEach(async () => {
    await rm(webDist, { recursive: true, force: true })
  })

  test('answers compressed bytes with an ETag, and 304 to a browser that has them', async () => {
    const plain = await read()
    expect(plain.json()).toMatchObject({ id: offerId, headline: 'First headline', url: null, is_active: true })
    expect(plain.headers['cache-control']).toBe('no-cache')
    const etag = plain.headers.etag as string
    expect(etag).toMatch(/^W\/".+"$/)

    const gzipped = await read(ctx.app, { 'accept-encoding': 'gzip' })
    expect(gzipped.headers['content-encoding']).toBe('gzip')
    expect(JSON.parse(gunzipSync(gzipped.rawPayload).toString())).toEqual(plain.json())
    const brotli = await read(ctx.app, { 'accept-encoding': 'gzip, deflate, br' })
    expect(brotli.headers['content-encoding']).toBe('br')

    const again = await read(ctx.app, { 'if-none-match': etag })
    expect(again.statusCode).toBe(304)
    expect(again.body).toBe('')
    const html = await page()
    expect(html.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(html.body).toContain('<title>First headline</title>')
  })

  test('answers a repeated read with the same headers and bytes, security headers included, and never replays a signed-in read', async () => {
    const withoutDate = (answer: Awaited<ReturnType<typeof read>>) => {
      const { date: _date, ...rest } = answer.headers
      return rest
    }
    for (const ask of [() => read(ctx.app, { 'accept-encoding': 'gzip, deflate, br' }), () => page()]) {
      const first = await ask()
      const again = await ask()
      expect(again.statusCode).toBe(200)
      expect(withoutDate(again)).toEqual(withoutDate(first))
      expect(again.rawPayload.equals(first.rawPayload)).toBe(true)
      expect(again.headers['x-content-type-options']).toBe('nosniff')
      expect(again.headers['strict-transport-security']).toBeDefined()
      expect(again.headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
    }
    // The owner's read carries the download link a visitor never sees, however often a visitor read.
    expect((await read()).json().url).toBeNull()
    expect((await read()).json().url).toBeNull()
    expect((await read(ctx.app, headers)).json().url).toBe(validFree().url)
  })

  test('shows an edit, a deactivation, a bump change and a pixel on the next read', async () => {
    await read()
    await page()
    const edited = await sendForm(ctx, 'PUT', `/api/v1/free-product/${offerId}/`, validFree({ headline: 'Second headline' }), headers)
    expect(edited.statusCode).toBe(200)
    expect((await read()).json().headline).toBe('Second headline')
    expect((await page()).body).toContain('<title>Second headline</title>')

    const off = await ctx.app.inject({ method: 'PATCH', url: `/api/v1/free-product/${offerId}/`, headers, payload: { is_active: false } })
    expect(off.statusCode).toBe(200)
    expect((await read()).json().is_active).toBe(false)
    expect((await page()).body).toContain('"is_active":false')

    const bump = await createBump(ctx, headers, { headline: 'Old checklist' })
    await sendForm(
      ctx,
      'PUT',
      `/api/v1/free-product/${offerId}/`,
      validFree({ headline: 'Second headline', bump_offer_id: bump.id }),
      headers,
    )
    expect((await read()).json().bump_offer.headline).toBe('Old checklist')
    const bumpEdit = await sendForm(
      ctx,
      'PUT',
      `/api/v1/bump-offer/${bump.id}/`,
      {
        url: 'https://example.com/bump',
        headline: 'New checklist',
        description: 'd',
        old_price: '19.99',
        new_price: '9.99',
        currency: '1',
      },
      headers,
    )
    expect(bumpEdit.statusCode).toBe(200)
    expect((await read()).json().bump_offer.headline).toBe('New checklist')

    const pixel = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/advertising-pixel/',
      headers,
      payload: { pixel_type: 'facebook', script: '<script>fbq("init", "1")</script>' },
    })
    expect(pixel.statusCode).toBe(201)
    expect((await read()).json().advertising_pixels).toHaveLength(1)
  })

  describe('with a second app process on the same database', () => {
    let other: App
    let otherDb: DatabaseHandle
    let otherChanges: SellerChanges

    test.beforeEach(async () => {
      otherDb = connectDatabase(ctx.config.DATABASE_URL ?? '', 2)
      otherChanges = createSellerChanges(connectionOf(otherDb.db))
      other = await buildApp({ config: ctx.config, db: otherDb.db, jobs: ctx.jobs, tokens: ctx.tokens, webDist, changes: otherChanges })
      await other.ready()
      await eventually(async () => otherChanges.live)
    })
    test.afterEach(async () => {
      await other.close()
      await otherDb.close()
    })

    test('drops what it cached when the first process changes the offer', async () => {
      const before = (await read(other)).json()
      const edited = await sendForm(ctx, 'PUT', `/api/v1/free-product/${offerId}/`, validFree({ headline: 'Third headline' }), headers)
      expect(edited.statusCode).toBe(200)
      expect(before.headline).not.toBe('Third headline')
      await eventually(async () => (await read(other)).json().headline === 'Third headline')
      await eventually(async () => (await page(other)).body.includes('<title>Third headline</title>'))
    })

    test('hears of a change made straight in the database, by anyone', async () => {
      await read(other)
      await ctx.db.update(freeOffers).set({ headline: 'Fourth headline' }).where(eq(freeOffers.id, offerId))
      await eventually(async () => (await read(other)).json().headline === 'Fourth headline')
    })

    test('reads from the database while its listener is away, and caches again once it is back', async () => {
      await read(other)
      await otherChanges.stop()
      await ctx.db.update(freeOffers).set({ headline: 'Fifth headline' }).where(eq(freeOffers.id, offerId))
      // No notification can reach a stopped listener: only reading through keeps this fresh.
      expect((await read(other)).json().headline).toBe('Fifth headline')

      let resets = 0
      otherChanges.subscribe((sellerId) => {
        if (sellerId === null) resets += 1
      })
      otherChanges.start()
      await eventually(async () => otherChanges.live)
      const resetsBefore = resets
      await ctx.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'funnelry-seller-changes' and datname = current_database()`,
      )
      // Losing the connection and getting it back each drop the cache once.
      await eventually(async () => resets >= resetsBefore + 2 && otherChanges.live)
      await read(other)
      await ctx.db.update(freeOffers).set({ headline: 'Sixth headline' }).where(eq(freeOffers.id, offerId))
      await eventually(async () => (await read(other)).json().headline === 'Sixth headline')
    })
  })
})
