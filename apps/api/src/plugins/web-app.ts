import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import type { ProductLinks, PublicPage, PublicPageRenderer } from '@funnelry/shared'
import type { PostPurchaseStep } from '@funnelry/shared/funnel/public-page'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { declarePublicFiles, type Owns, ownedBy, type PublicPageDeclaration, pathParam } from '../http/public-page.js'
import { encodeBody, sendEncoded } from '../lib/encoded-body.js'
import type { PublicOffer, RenderOfferPage } from '../modules/offers/offers-module.js'
import { contentSecurityPolicyFor, scriptHash } from './content-security-policy.js'
import { allowedMethods, answerMethodNotAllowed } from './framework-errors.js'
import { notFoundPages } from './not-found-page.js'
import { renderPublicDocument, withWebAppConfig } from './offer-page-html.js'
import { loadPublicPageRenderer, readPublicAssets } from './public-pages.js'

type Options = {
  webDist: string
  publicUrl: string
  pagesUrl: string
  productLinks: ProductLinks
  /**
   * A visitor's (cached) free offer page, or undefined when there is none (the page then fetches and
   * shows 404); under a split test, the visitor's arm and the cookie of a new assignment (issue 27).
   */
  loadPage: (
    id: string,
    cookieHeader: string | undefined,
    secure: boolean,
  ) => Promise<{ offer: PublicOffer; setCookie: string | null } | undefined>
  /** The seller's preview: the page, or one split-test variant of it. */
  loadPreview: (id: string, variantId: string | null) => Promise<PublicOffer | undefined>
  /** Whether an order's receipt reference is one the thank-you page can show (known, not expired). */
  receiptExists: (reference: string) => Promise<boolean>
  /** Decision D34: a paid order's post-purchase step on screen, rendered into the page (issue 26). */
  postPurchaseStep: (reference: string) => Promise<PostPurchaseStep | null>
  /** Whose a free offer is (the offers module's): a custom domain shows only its seller's pages. */
  ownsFreeOffer: Owns
}

const offerPagePath = /^\/free-offer\/([0-9a-f-]{36})\/?$/i
const anyOfferPagePath = /^\/free-offer(\/|$)/
const thankYouPath = /^\/thank-you-purchase\/?$/

/** The built files the public pages load, by their path in the build: served on every public site too. */
const publicFile = /^\/(assets\/|favicon\.ico$|robots\.txt$)/

/**
 * Serves the built web app and answers every other GET with index.html (the SPA decides what
 * to render, including its own 404 screen). Unknown /api paths answer JSON instead. The public
 * pages (an offer, the thank-you page, the public 404) are routes of their own, declared as such.
 */
export async function registerWebApp(
  app: FastifyInstance,
  { webDist, publicUrl, pagesUrl, productLinks, loadPage, loadPreview, receiptExists, postPurchaseStep, ownsFreeOffer }: Options,
): Promise<void> {
  const indexFile = path.join(webDist, 'index.html')
  const built = existsSync(indexFile)
  // The public pages are rendered here, from the same components the browser hydrates (issue 11).
  const renderer = await loadPublicPageRenderer(webDist)
  // Read once: the build does not change while the process runs (npm start builds first).
  const indexHtml = built
    ? withWebAppConfig(readFileSync(indexFile, 'utf8'), { pages_url: pagesUrl, dashboard_url: publicUrl, product_links: productLinks })
    : ''
  const publicAssets = built ? readPublicAssets(webDist) : null
  // The public pages' inline scripts, by hash: a preview on the dashboard's origin runs under the
  // strict policy (decision D23), which allows these and nothing else inline.
  const inlineScriptHashes = new Set<string>()
  // Images in link previews point at the pages origin, which serves them for every seller.
  const renderPage = (page: PublicPage, rendering: PublicPageRenderer) => {
    const document = renderPublicDocument({ page, rendered: rendering.renderPublicPage(page), assets: publicAssets, pageOrigin: pagesUrl })
    for (const source of document.inlineScripts) inlineScriptHashes.add(scriptHash(source))
    return document.html
  }
  // The one place the offer page's HTML is made from a visitor's view; its bytes (and their gzip
  // and brotli variants) are cached with the view until the seller changes something. A preview
  // (isPreview=true) is rendered by the other function, and so re-rendered when asked.
  const offerPage =
    (rendering: PublicPageRenderer, preview: boolean): RenderOfferPage =>
    (offer) =>
      renderPage({ kind: 'offer', offer, preview }, rendering)
  const pageRenderers = renderer && { live: offerPage(renderer, false), preview: offerPage(renderer, true) }
  if (built) {
    // In a scope of its own, so that its routes alone are declared.
    await app.register(async (files) => {
      declarePublicFiles(files, (url) => publicFile.test(url))
      await files.register(fastifyStatic, {
        root: webDist,
        wildcard: false,
        index: false,
        // The build writes .br and .gz beside each asset (scripts/precompress.mjs).
        preCompressed: true,
        // Source maps are our sources: never public, even when a build leaves one behind (issue 11).
        allowedPath: (pathName) => !pathName.endsWith('.map') && !pathName.includes('/.vite/'),
        // Vite fingerprints every asset name, so assets can be cached for a year.
        setHeaders: (res, filePath) => {
          if (filePath.includes(`${path.sep}assets${path.sep}`)) res.header('cache-control', 'public, max-age=31536000, immutable')
        },
      })
    })
  }

  const servePage = async (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split('?')[0] ?? ''
    if (!built) {
      return reply.code(503).type('text/plain').send('The web app is not built yet. Run `npm run build:web` (npm start does it for you).')
    }
    const onPublicSite = request.site.kind !== 'dashboard'
    const query = new URLSearchParams(request.url.split('?')[1] ?? '')
    const offerId = offerPagePath.exec(pathname)?.[1]
    const preview = query.get('isPreview') === 'true'
    const visit =
      offerId && !preview ? await loadPage(offerId, request.headers.cookie, request.protocol === 'https').catch(() => undefined) : undefined
    const offer = offerId && preview ? await loadPreview(offerId, query.get('variant')).catch(() => undefined) : visit?.offer
    const reference = thankYouPath.test(pathname) ? query.get('order') : null
    // Decision D26: on a public site, an offer (unknown, archived or malformed id) or an order
    // (unknown or expired reference) that is not there is a real 404 with a page of its own,
    // rather than the dashboard app (whose links lead to the seller's log-in).
    if (onPublicSite) {
      const missingOrder = reference !== null && !(await receiptExists(reference))
      const missingPage = !thankYouPath.test(pathname) && !(anyOfferPagePath.test(pathname) && offer)
      if (missingOrder || missingPage) {
        reply.header('cache-control', 'no-cache').header('content-security-policy', contentSecurityPolicyFor(pathname, true))
        return reply
          .code(404)
          .type('text/html; charset=utf-8')
          .send(notFoundPages[missingOrder ? 'order' : 'page'])
      }
    }
    // Issue 26: the step's offer is in the HTML, so the page shows it at once (no app load, no fetch).
    const step =
      reference && thankYouPath.test(pathname) && query.get('type') !== 'free-offer' && renderer
        ? await postPurchaseStep(reference).catch(() => null)
        : null
    const answer = () => {
      if (offer && pageRenderers) return offer.page(preview ? pageRenderers.preview : pageRenderers.live)
      if (thankYouPath.test(pathname) && renderer) {
        const type = query.get('type') === 'free-offer' ? 'free-offer' : 'oto-offer'
        return encodeBody(renderPage({ kind: 'thank-you', type, order: reference, step }, renderer), 'text/html; charset=utf-8')
      }
      // On the dashboard's origin an unknown offer gets the app, which shows its 404 screen (spec section 8).
      return undefined
    }
    const page = answer()
    // After rendering: the policy names the hashes of the inline scripts the page carries.
    const policy = contentSecurityPolicyFor(pathname, onPublicSite, page ? [...inlineScriptHashes] : [])
    // A thank-you page is one order's, as it is now: Back and Forward reuse a no-cache page from
    // Chrome's HTTP cache without asking, and showed a post-purchase step answered since (issue 26).
    // no-store has it asked for again; it also keeps a buyer's receipt off a shared device's disk.
    const storable = thankYouPath.test(pathname) ? 'no-store' : 'no-cache'
    reply.header('cache-control', storable).header('content-security-policy', policy)
    // A funnel page opened with helmet's `Cross-Origin-Opener-Policy: same-origin` starts in a
    // browsing-context group of its own, and Chrome then parsed the HTML and asked for the hero
    // image about 100 ms later (docs/decisions/public-pages-opener-policy.md). Public pages hold
    // no session an opener could reach; the dashboard keeps the policy.
    if (onPublicSite) reply.header('cross-origin-opener-policy', 'unsafe-none')
    // A new split-test visitor's arm is kept by a cookie; that answer is theirs alone, never replayed.
    if (visit?.setCookie) reply.header('set-cookie', visit.setCookie)
    const replayable = request.site.kind === 'pages' && offerPagePath.test(pathname) && !visit?.setCookie
    // The offer page on the pages origin is replayed while cached (plugins/replay-public-reads.ts).
    if (page) return sendEncoded(request, reply, page, { replayable })
    return reply.type('text/html; charset=utf-8').send(indexHtml)
  }

  // HEAD is answered as GET, without the body (uptime monitors and link checkers ask with HEAD).
  const hidden = { hide: true }
  const offerPageDeclared: PublicPageDeclaration = { live: true, ownedBy: ownedBy((request) => pathParam(request, 'id'), ownsFreeOffer) }
  app.get('/free-offer/:id', { schema: hidden, config: { publicPage: offerPageDeclared } }, servePage)
  app.get('/thank-you-purchase', { schema: hidden, config: { publicPage: { live: true } } }, servePage)
  // Where a custom domain sends what it does not serve (host-routing.ts): the public 404 page.
  app.get('/404', { schema: hidden, config: { publicPage: {} } }, servePage)

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? ''
    const isRead = request.method === 'GET' || request.method === 'HEAD'
    const wantsPage = isRead && !pathname.startsWith('/api/') && !pathname.startsWith('/media/')
    if (!wantsPage) {
      const allowed = allowedMethods(app, request)
      if (allowed.length > 0) return answerMethodNotAllowed(reply, request.method, allowed)
      return reply.code(404).send({ detail: 'Not found.' })
    }
    return servePage(request, reply)
  })
}
