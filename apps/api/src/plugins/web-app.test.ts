import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib'
import { createTestApp, type TestApp } from '../../test/build-test-app.js'
import { describe, expect, test } from '../../test/fixtures.js'

const script = `console.log(${JSON.stringify('x'.repeat(4000))})`

describe('serving the web app', () => {
  let ctx: TestApp
  let webDist: string
  test.override('appOptions', () => ({ deps: { webDist } }))
  test.beforeEach(async () => {
    webDist = await mkdtemp(path.join(os.tmpdir(), 'funnelry-web-'))
    await mkdir(path.join(webDist, 'assets'))
    await writeFile(path.join(webDist, 'index.html'), '<!doctype html><div id="root"></div>')
    await writeFile(path.join(webDist, 'assets', 'app-1234.js'), script)
    await writeFile(path.join(webDist, 'assets', 'app-1234.js.br'), brotliCompressSync(script))
    await writeFile(path.join(webDist, 'assets', 'app-1234.js.gz'), gzipSync(script))
    await writeFile(path.join(webDist, 'assets', 'app-1234.js.map'), '{"version":3,"sources":["secret.tsx"]}')
  })
  test.beforeEach(async ({ app }) => {
    ctx = app
  })
  test.afterEach(async () => {
    await rm(webDist, { recursive: true, force: true })
  })

  test('answers any page path with index.html and a strict policy on dashboard pages', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/dashboard/settings' })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toContain('text/html')
    expect(response.body).toContain('<div id="root">')
    expect(response.headers['cache-control']).toBe('no-cache')
    expect(response.headers['content-security-policy']).toContain("script-src 'self' https://js.stripe.com")
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'")
    expect(response.headers['cross-origin-opener-policy']).toBe('same-origin')
  })

  test("lets public funnel pages on the pages origin run the seller's pixel scripts", async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/thank-you-purchase?type=free-offer',
      headers: { host: 'pages.funnelry.test' },
    })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-security-policy']).not.toContain('script-src')
    // No browsing-context group of its own: it made the hero image's request about 100 ms later (docs/decisions/public-pages-opener-policy.md).
    expect(response.headers['cross-origin-opener-policy']).toBe('unsafe-none')
    // Its calls to its own origin say which page made them (Meta's event_source_url, D30); other sites get the origin only.
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
  })

  test("keeps the strict policy on a preview on the dashboard's origin, where no seller script may run", async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/free-offer/some-id?isPreview=true' })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-security-policy']).toContain("script-src 'self' https://js.stripe.com")
  })

  test('caches fingerprinted assets for a year', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/assets/app-1234.js' })
    expect(response.statusCode).toBe(200)
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable')
  })

  test('never serves a source map, even one left in the build folder', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/assets/app-1234.js.map' })
    expect(response.body).not.toContain('secret.tsx')
    expect(response.headers['content-type']).not.toContain('json')
  })

  test('sends the precompressed file a browser accepts, and the plain one otherwise', async () => {
    const brotli = await ctx.app.inject({ method: 'GET', url: '/assets/app-1234.js', headers: { 'accept-encoding': 'gzip, deflate, br' } })
    expect(brotli.headers['content-encoding']).toBe('br')
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(script)
    expect(brotli.rawPayload.length).toBeLessThan(script.length / 10)
    const gzip = await ctx.app.inject({ method: 'GET', url: '/assets/app-1234.js', headers: { 'accept-encoding': 'gzip' } })
    expect(gzip.headers['content-encoding']).toBe('gzip')
    const plain = await ctx.app.inject({ method: 'GET', url: '/assets/app-1234.js', headers: { 'accept-encoding': 'identity' } })
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body).toBe(script)
  })

  test('answers unknown API paths and non-GET requests with JSON 404s', async () => {
    for (const request of [
      { method: 'GET' as const, url: '/api/v1/nothing-here/' },
      { method: 'POST' as const, url: '/dashboard' },
      { method: 'GET' as const, url: '/media/missing.png' },
    ]) {
      const response = await ctx.app.inject(request)
      expect(response.statusCode).toBe(404)
      expect(response.json()).toEqual({ detail: 'Not found.' })
    }
  })
})

describe("the web app's config in each page", () => {
  test("tells the app the operator's product site and legal pages (PRODUCT_*_URL), and leaves unset ones out", async () => {
    const webDist = await mkdtemp(path.join(os.tmpdir(), 'funnelry-web-'))
    await writeFile(path.join(webDist, 'index.html'), '<!doctype html><head></head><div id="root"></div>')
    const ctx = await createTestApp({
      deps: { webDist },
      env: { PRODUCT_SITE_URL: 'https://shop-tools.com', PRODUCT_TERMS_URL: 'https://shop-tools.com/terms' },
    })
    try {
      const body = (await ctx.app.inject({ method: 'GET', url: '/' })).body
      const json = /<script id="funnelry-config" type="application\/json">(.*?)<\/script>/.exec(body)?.[1] ?? ''
      expect(JSON.parse(json).product_links).toEqual({
        site_url: 'https://shop-tools.com',
        privacy_policy_url: null,
        terms_url: 'https://shop-tools.com/terms',
        refund_policy_url: null,
      })
    } finally {
      await ctx.close()
      await rm(webDist, { recursive: true, force: true })
    }
  })
})
