import { type FreeOffer, type WebAppConfig, webAppConfigElementId } from '@funnelry/shared'

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

/**
 * The public offer page's HTML with the offer already in it: the page renders without waiting for
 * a second request, the main image starts downloading at once, and links shared on social networks
 * show the offer's headline and image. The JSON is the same body as GET /free-product/{id}/.
 */
export function renderOfferPageHtml(indexHtml: string, offer: FreeOffer, pageOrigin: string): string {
  const image = offer.asset_image ? new URL(offer.asset_image, pageOrigin).toString() : null
  const head = [
    `<title>${escapeHtml(offer.headline)}</title>`,
    `<meta property="og:title" content="${escapeHtml(offer.headline)}" />`,
    offer.sub_headline ? `<meta name="description" content="${escapeHtml(offer.sub_headline)}" />` : '',
    offer.sub_headline ? `<meta property="og:description" content="${escapeHtml(offer.sub_headline)}" />` : '',
    image ? `<meta property="og:image" content="${escapeHtml(image)}" />` : '',
    offer.asset_image ? `<link rel="preload" as="image" href="${escapeHtml(offer.asset_image)}" fetchpriority="high" />` : '',
    `<script id="funnelry-offer" type="application/json">${scriptSafeJson(offer)}</script>`,
  ]
    .filter(Boolean)
    .join('\n    ')
  // Replacer functions, not strings: a seller's "$$$" or "$`" must not read as a replacement pattern.
  return indexHtml.replace(/<title>[\s\S]*?<\/title>/, () => '').replace('</head>', () => `    ${head}\n  </head>`)
}

/** Every page of the app carries what the server tells the app about itself (WebAppConfig). */
export function withWebAppConfig(indexHtml: string, config: WebAppConfig): string {
  const element = `<script id="${webAppConfigElementId}" type="application/json">${scriptSafeJson(config)}</script>`
  return indexHtml.replace('</head>', () => `    ${element}\n  </head>`)
}
