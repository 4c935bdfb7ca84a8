import {
  type FreeOffer,
  type PublicPage,
  publicPageElementId,
  type RenderedPublicPage,
  type WebAppConfig,
  webAppConfigElementId,
} from '@funnelry/shared'
import type { PublicAssets } from './public-pages.js'

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c)

/** JSON inside a <script> element: nothing in it may close the element or start a comment. */
const scriptSafeJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')

/** Link previews on social networks show the offer's headline and image; the main image starts at once. */
function offerHead(offer: FreeOffer, pageOrigin: string): string[] {
  const image = offer.asset_image ? new URL(offer.asset_image, pageOrigin).toString() : null
  return [
    `<title>${escapeHtml(offer.headline)}</title>`,
    `<meta property="og:title" content="${escapeHtml(offer.headline)}" />`,
    offer.sub_headline ? `<meta name="description" content="${escapeHtml(offer.sub_headline)}" />` : '',
    offer.sub_headline ? `<meta property="og:description" content="${escapeHtml(offer.sub_headline)}" />` : '',
    image ? `<meta property="og:image" content="${escapeHtml(image)}" />` : '',
  ]
}

/**
 * The first script (a few KB; React comes on the first touch) is asked for once the page has
 * loaded and painted: the first view, its image included, never shares the phone's bandwidth with it.
 *
 * On an offer page, once its hero image has painted. That image paints after 'load' (it decodes
 * off the main thread), and a script asked for before that paint counted, in Lighthouse's
 * simulation, as part of what the largest paint waited for: about 150 ms more LCP on the loads
 * where it happened to go first. So the loader waits for the largest-contentful-paint entry naming
 * the hero image (or any entry on a page without one), then a frame; at most 300 ms after 'load'
 * where the browser reports none. An offer page needs no script to take a press meanwhile (the
 * opt-in has its own inline script). Other pages (a post-purchase step's buttons need the script)
 * ask for it after the next frame.
 */
function scriptLoader(assets: PublicAssets, afterHeroPaint: boolean): string {
  const files = scriptSafeJson({ script: assets.script, preloads: assets.preloads })
  const load = `var f=${files},d=document;f.preloads.forEach(function(h){var l=d.createElement('link');l.rel='modulepreload';l.href=h;d.head.append(l)});var s=d.createElement('script');s.type='module';s.src=f.script;d.head.append(s)`
  const afterFrame = `requestAnimationFrame(function(){setTimeout(function(){${load}})})`
  if (!afterHeroPaint) return `addEventListener('load',function(){${afterFrame}})`
  return (
    `addEventListener('load',function(){var done=false,hero=document.querySelector('img[fetchpriority=high]'),` +
    `go=function(){if(done)return;done=true;${afterFrame}};` +
    `try{new PerformanceObserver(function(list){if(list.getEntries().some(function(e){return !hero||e.element===hero}))go()}).observe({type:'largest-contentful-paint',buffered:true})}catch(e){}` +
    `setTimeout(go,300)})`
  )
}

type PublicDocument = {
  page: PublicPage
  rendered: RenderedPublicPage
  /** The public script's files; null when the web app is not built. */
  assets: PublicAssets | null
  /** The origin the page is served on (PAGES_URL): link previews name its image there. */
  pageOrigin: string
}

/**
 * The whole HTML of a public funnel page (issue 11): the first view already rendered with its
 * styles, the page description its script hydrates from (for an offer, the same body as
 * GET /free-product/{id}/), and the public pages' first script (apps/web/src/public/main.tsx).
 */
export function renderPublicDocument({ page, rendered, assets, pageOrigin }: PublicDocument): { html: string; inlineScripts: string[] } {
  const head = [
    '<meta charset="UTF-8" />',
    '<meta name="viewport" content="width=device-width, initial-scale=1" />',
    '<meta name="theme-color" content="#6a1b9a" />',
    // No icon of its own: said here, so the browser does not ask for /favicon.ico and get a 404.
    '<link rel="icon" href="data:," />',
    ...(page.kind === 'offer' ? offerHead(page.offer, pageOrigin) : ['<title>Thank you</title>']),
  ].filter(Boolean)
  const loader = assets ? scriptLoader(assets, page.kind === 'offer') : ''
  const inlineScripts = [rendered.inlineScript, loader].filter(Boolean)
  const body = [
    `<div id="root">${rendered.root}</div>`,
    ...(rendered.inlineScript ? [`<script>${rendered.inlineScript}</script>`] : []),
    `<script id="${publicPageElementId}" type="application/json">${scriptSafeJson(page)}</script>`,
    ...(loader ? [`<script>${loader}</script>`] : []),
  ]
  const html = `<!doctype html>\n<html lang="en">\n  <head>\n    ${head.join('\n    ')}\n  </head>\n  <body>\n    ${body.join('\n    ')}\n  </body>\n</html>\n`
  return { html, inlineScripts }
}

/** Every page of the app carries what the server tells the app about itself (WebAppConfig). */
export function withWebAppConfig(indexHtml: string, config: WebAppConfig): string {
  const element = `<script id="${webAppConfigElementId}" type="application/json">${scriptSafeJson(config)}</script>`
  return indexHtml.replace('</head>', () => `    ${element}\n  </head>`)
}
