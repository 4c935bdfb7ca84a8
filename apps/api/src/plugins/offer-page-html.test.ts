import { createHash } from 'node:crypto'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { imageSrcSet } from '@funnelry/shared'
import type { TestApp } from '../../test/build-test-app.js'
import { describe, expect, test } from '../../test/fixtures.js'
import { createBump, createConnectedSellerSession, createFree, imageBytes, imagePart } from '../modules/offers/offer-test-kit.js'
import { createIntent, visitor } from '../modules/orders/checkout-test-kit.js'

const indexHtml = '<!doctype html><html><head><title>Funnelry</title></head><body><div id="root"></div></body></html>'
const onPages = { host: 'pages.funnelry.test' }
/** Every page carries the web app's configuration (the pages origin, decision D23). */
const servedIndexHtml = indexHtml.replace(
  '</head>',
  '    <script id="funnelry-config" type="application/json">{"pages_url":"http://pages.funnelry.test","dashboard_url":"http://funnelry.test","product_links":{"site_url":"http://funnelry.test","privacy_policy_url":null,"terms_url":null,"refund_policy_url":null}}</script>\n  </head>',
)

/** What `vite build` writes about the public script (apps/web/vite.config.ts). */
const manifest = {
  'src/public/main.tsx': { file: 'assets/public-1.js', isEntry: true, imports: ['_react-1.js', '_public-pages-1.js'] },
  '_react-1.js': { file: 'assets/react-1.js' },
  '_public-pages-1.js': { file: 'assets/public-pages-1.js', imports: ['_react-1.js'] },
}

describe('the public offer page HTML', () => {
  let ctx: TestApp
  let webDist: string
  let offerId: string
  const headline = 'Make $$$ with $& and $` </script><script>alert("x")</script> & more'

  test.override('appOptions', () => ({ deps: { webDist } }))
  test.beforeEach(async () => {
    webDist = await mkdtemp(path.join(os.tmpdir(), 'funnelry-web-'))
    await writeFile(path.join(webDist, 'index.html'), indexHtml)
    await mkdir(path.join(webDist, '.vite'))
    await writeFile(path.join(webDist, '.vite', 'manifest.json'), JSON.stringify(manifest))
  })
  test.beforeEach(async ({ app }) => {
    ctx = app
    const seller = await createConnectedSellerSession(ctx)
    offerId = (
      await createFree(ctx, seller.headers, {
        headline,
        sub_headline: 'Seven "quick" recipes',
        asset_image: imagePart(await imageBytes('png'), 'cover.png'),
      })
    ).id
  })
  test.afterEach(async () => {
    await rm(webDist, { recursive: true, force: true })
  })

  test('carries the offer as the public read returns it, so the page hydrates without a second request', async () => {
    const page = await ctx.app.inject({ method: 'GET', url: `/free-offer/${offerId}`, headers: onPages })
    expect(page.statusCode).toBe(200)
    const inlined = /<script id="funnelry-page" type="application\/json">([\s\S]*?)<\/script>/.exec(page.body)?.[1]
    const publicRead = (await ctx.app.inject({ method: 'GET', url: `/api/v1/free-product/${offerId}/` })).json()
    expect(JSON.parse(inlined ?? 'null')).toEqual({ kind: 'offer', offer: publicRead, preview: false })
    expect(publicRead.url).toBeNull()
    const preview = await ctx.app.inject({ method: 'GET', url: `/free-offer/${offerId}?isPreview=true` })
    expect(preview.body).toContain('"preview":true')
    expect(preview.body).toContain('>Preview</div>')
    // A preview stays on the dashboard's origin, under its strict policy: only the page's own inline
    // scripts may run there, named by hash (decision D23).
    const scriptSources =
      preview.headers['content-security-policy']
        ?.toString()
        .split('; ')
        .find((d) => d.startsWith('script-src')) ?? ''
    const inlineScripts = [...preview.body.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1] ?? '')
    expect(inlineScripts.length).toBeGreaterThan(0)
    for (const source of inlineScripts) {
      expect(scriptSources).toContain(`'sha256-${createHash('sha256').update(source).digest('base64')}'`)
    }
    expect(scriptSources).not.toContain('unsafe-inline')
  })

  test('sends the first view complete in HTML and CSS, readable without JavaScript', async () => {
    const seller = await createConnectedSellerSession(ctx)
    await ctx.app.inject({
      method: 'PATCH',
      url: `/api/v1/store-settings/${seller.seller.id}/`,
      headers: seller.headers,
      payload: { privacy_policy: 'https://shop.example.com/privacy' },
    })
    const bump = await createBump(ctx, seller.headers, { headline: 'The checklist pack' })
    const { id } = await createFree(ctx, seller.headers, {
      headline: 'The launch guide',
      sub_headline: 'Ship your first product',
      opt_in_button: 'Send it to me',
      bump_offer_id: bump.id,
      logo: imagePart(await imageBytes('png'), 'logo.png'),
      asset_image: imagePart(await imageBytes('png', 900, 600), 'cover.png'),
    })
    const body = (await ctx.app.inject({ method: 'GET', url: `/free-offer/${id}`, headers: onPages })).body
    const root = /<div id="root">([\s\S]*?)<\/div>\s*<script>/.exec(body)?.[1] ?? ''
    const inOrder = [
      '<style>',
      'class="fy-logo"',
      'class="fy-hero-image"',
      '<h1 class="fy-headline">The launch guide</h1>',
      'Ship your first product',
      'FREE',
      '>Send it to me</button>',
      'aria-label="Add to order"',
      'The checklist pack',
      'https://shop.example.com/privacy',
    ]
    let from = 0
    for (const piece of inOrder) {
      const at = root.indexOf(piece, from)
      expect(at, piece).toBeGreaterThanOrEqual(from)
      from = at
    }
    // The details panel is there for the first script to open, hidden until the button is pressed.
    expect(root).toMatch(/<div id="fy-details"[^>]*hidden=""/)
  })

  test('cannot be broken out of by what a seller types', async () => {
    const page = await ctx.app.inject({ method: 'GET', url: `/free-offer/${offerId}`, headers: onPages })
    expect(page.body).not.toContain('<script>alert')
    expect(page.body).toContain(
      '<title>Make $$$ with $&amp; and $` &lt;/script&gt;&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; more</title>',
    )
    expect(page.body).toContain('content="Seven &quot;quick&quot; recipes"')
    expect(page.body.match(/<title>/g)).toHaveLength(1)
  })

  test('loads the main image first, at the size the screen needs, in a box of its own, and names it for link previews', async () => {
    const page = await ctx.app.inject({ method: 'GET', url: `/free-offer/${offerId}?isPreview=true` })
    const image = (await ctx.app.inject({ method: 'GET', url: `/api/v1/free-product/${offerId}/` })).json().asset_image
    expect(image).toMatch(/^\/media\//)
    const img = /<img [^>]*class="fy-hero-image"[^>]*>/.exec(page.body)?.[0] ?? ''
    expect(img).toContain(`src="${image}"`)
    expect(img).toContain(`srcSet="${imageSrcSet(image)}"`)
    expect(img).toContain('width="1200"')
    expect(img).toContain('height="800"')
    expect(img).toContain('fetchPriority="high"')
    expect(page.body).toContain(`<meta property="og:image" content="http://pages.funnelry.test${image}" />`)
  })

  test('asks for its script and the chunks it imports (from the build manifest) once the page has loaded', async () => {
    const body = (await ctx.app.inject({ method: 'GET', url: `/free-offer/${offerId}`, headers: onPages })).body
    expect(body).not.toContain('<script type="module"')
    expect(body).not.toContain('rel="modulepreload"')
    const loader = /<script>(addEventListener\('load'[\s\S]*?)<\/script>/.exec(body)?.[1] ?? ''
    expect(loader).toContain('"script":"/assets/public-1.js"')
    expect(loader).toContain('"preloads":["/assets/react-1.js","/assets/public-pages-1.js"]')
    expect((await ctx.app.inject({ method: 'GET', url: '/.vite/manifest.json' })).body).not.toContain('public-1.js')
  })

  test('renders the thank-you page on the server too, with the script that reads the order', async () => {
    // A free checkout (nothing bought) completes at once with its order reference.
    const free = await createIntent(ctx, { ...visitor, product_id: offerId })
    const { order_reference: reference } = free.json() as { order_reference: string }
    const page = await ctx.app.inject({ method: 'GET', url: `/thank-you-purchase?type=free-offer&order=${reference}`, headers: onPages })
    expect(page.statusCode).toBe(200)
    expect(page.body).toContain('<h1>Congratulations for Claiming Your Free Download!</h1>')
    expect(page.body).toContain(`{"kind":"thank-you","type":"free-offer","order":"${reference}","step":null}`)
    expect(page.body).toContain('"script":"/assets/public-1.js"')
    // One order's page as it is now: Back and Forward ask for it again (a step answered since, issue 26).
    expect(page.headers['cache-control']).toBe('no-store')
    const paid = await ctx.app.inject({ method: 'GET', url: '/thank-you-purchase?type=oto-offer', headers: onPages })
    expect(paid.body).toContain('<h1>Thank You For Your Purchase!</h1>')
  })

  test('is sent compressed to a browser that accepts it', async () => {
    const plain = await ctx.app.inject({ method: 'GET', url: `/free-offer/${offerId}`, headers: onPages })
    const brotli = await ctx.app.inject({
      method: 'GET',
      url: `/free-offer/${offerId}`,
      headers: { ...onPages, 'accept-encoding': 'gzip, deflate, br' },
    })
    expect(brotli.headers['content-encoding']).toBe('br')
    expect(brotli.headers.vary).toContain('accept-encoding')
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(plain.body)
    const gzip = await ctx.app.inject({ method: 'GET', url: `/free-offer/${offerId}`, headers: { ...onPages, 'accept-encoding': 'gzip' } })
    expect(gzip.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body)
  })

  test('answers an unknown offer with a 404 page of its own, not the app (decision D26)', async () => {
    const page = await ctx.app.inject({ method: 'GET', url: `/free-offer/${crypto.randomUUID()}`, headers: onPages })
    expect(page.statusCode).toBe(404)
    expect(page.body).not.toBe(servedIndexHtml)
    expect(page.body).toContain('Page not found')
  })
})
