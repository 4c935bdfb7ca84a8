import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../test/build-test-app.js'
import { createSellerSession } from '../../test/factories.js'
import { createFree, imageBytes, imagePart } from '../modules/offers/offer-test-kit.js'

const indexHtml = '<!doctype html><html><head><title>Funnelry</title></head><body><div id="root"></div></body></html>'

describe('the public offer page HTML', () => {
  let ctx: TestApp
  let webDist: string
  let offerId: string
  const headline = 'Make $$$ with $& and $` </script><script>alert("x")</script> & more'

  beforeAll(async () => {
    webDist = await mkdtemp(path.join(os.tmpdir(), 'funnelry-web-'))
    await writeFile(path.join(webDist, 'index.html'), indexHtml)
    ctx = await createTestApp({ deps: { webDist } })
    const seller = await createSellerSession(ctx)
    offerId = (
      await createFree(ctx, seller.headers, {
        headline,
        sub_headline: 'Seven "quick" recipes',
        asset_image: imagePart(await imageBytes('png'), 'cover.png'),
      })
    ).id
  })
  afterAll(async () => {
    await ctx.close()
    await rm(webDist, { recursive: true, force: true })
  })

  it('carries the offer as the public read returns it, so the page renders without a second request', async () => {
    const page = await ctx.app.inject({ method: 'GET', url: `/free-offer/${offerId}` })
    expect(page.statusCode).toBe(200)
    const inlined = /<script id="funnelry-offer" type="application\/json">([\s\S]*?)<\/script>/.exec(page.body)?.[1]
    const publicRead = (await ctx.app.inject({ method: 'GET', url: `/api/v1/free-product/${offerId}/` })).json()
    expect(JSON.parse(inlined ?? 'null')).toEqual(publicRead)
    expect(publicRead.url).toBeNull()
  })

  it('cannot be broken out of by what a seller types', async () => {
    const page = await ctx.app.inject({ method: 'GET', url: `/free-offer/${offerId}` })
    expect(page.body).not.toContain('<script>alert')
    expect(page.body).toContain(
      '<title>Make $$$ with $&amp; and $` &lt;/script&gt;&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; more</title>',
    )
    expect(page.body).toContain('content="Seven &quot;quick&quot; recipes"')
    expect(page.body.match(/<title>/g)).toHaveLength(1)
  })

  it('preloads the main image and names it for link previews', async () => {
    const page = await ctx.app.inject({ method: 'GET', url: `/free-offer/${offerId}?isPreview=true` })
    const image = (await ctx.app.inject({ method: 'GET', url: `/api/v1/free-product/${offerId}/` })).json().asset_image
    expect(image).toMatch(/^\/media\//)
    expect(page.body).toContain(`<link rel="preload" as="image" href="${image}" fetchpriority="high" />`)
    expect(page.body).toContain(`<meta property="og:image" content="http://funnelry.test${image}" />`)
  })

  it('is sent compressed to a browser that accepts it', async () => {
    const plain = await ctx.app.inject({ method: 'GET', url: `/free-offer/${offerId}` })
    const brotli = await ctx.app.inject({
      method: 'GET',
      url: `/free-offer/${offerId}`,
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    })
    expect(brotli.headers['content-encoding']).toBe('br')
    expect(brotli.headers.vary).toContain('accept-encoding')
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(plain.body)
    const gzip = await ctx.app.inject({ method: 'GET', url: `/free-offer/${offerId}`, headers: { 'accept-encoding': 'gzip' } })
    expect(gzip.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body)
  })

  it('serves the plain app for an unknown offer, which then shows its 404 screen', async () => {
    const page = await ctx.app.inject({ method: 'GET', url: `/free-offer/${crypto.randomUUID()}` })
    expect(page.statusCode).toBe(200)
    expect(page.body).toBe(indexHtml)
  })
})
