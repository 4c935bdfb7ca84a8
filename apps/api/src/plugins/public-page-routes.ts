import type { FastifyRequest } from 'fastify'
import type { CustomDomainAccess } from '../modules/settings/settings-module.js'

type Check = (access: CustomDomainAccess, sellerId: string, request: FastifyRequest, params: string[]) => Promise<boolean>
export type PublicPageRule = { method: 'GET' | 'POST'; pattern: RegExp; check?: Check }

const id = '([^/]+)'
const bodyField = (request: FastifyRequest, name: string) => {
  const value = (request.body as Record<string, unknown> | undefined)?.[name]
  return typeof value === 'string' ? value : ''
}
const ownsOfferInPath: Check = (access, sellerId, _request, [offerId = '']) => access.ownsFreeOffer(sellerId, offerId)

/** The live offer pages themselves: on the dashboard's origin they redirect to the pages origin. */
export const livePagePattern = /^\/(free-offer\/[^/]+|thank-you-purchase)\/?$/

/**
 * What the pages origin and a seller's custom domain serve: public offer pages, the calls those
 * pages make, and the static files they need. The checks apply on a custom domain, where
 * anything naming an offer or a payment must be that domain's seller's.
 */
export const publicPageRules: PublicPageRule[] = [
  { method: 'GET', pattern: new RegExp(`^/free-offer/${id}/?$`), check: ownsOfferInPath },
  { method: 'GET', pattern: /^\/(thank-you-purchase|404)\/?$/ },
  { method: 'GET', pattern: /^\/(assets|media)\// },
  { method: 'GET', pattern: /^\/(favicon\.ico|robots\.txt)$/ },
  { method: 'GET', pattern: /^\/api\/v1\/health\/$/ },
  { method: 'GET', pattern: new RegExp(`^/api/v1/free-product/${id}/$`), check: ownsOfferInPath },
  { method: 'POST', pattern: new RegExp(`^/api/v1/free-product/${id}/view/$`), check: ownsOfferInPath },
  {
    method: 'GET',
    pattern: new RegExp(`^/api/v1/upsell-offer/${id}/$`),
    check: (access, sellerId, _request, [offerId = '']) => access.ownsUpsellOffer(sellerId, offerId),
  },
  {
    method: 'POST',
    pattern: /^\/api\/v1\/(seller\/webhook\/notify|stripe\/payment-intent)\/$/,
    check: (access, sellerId, request) => access.ownsFreeOffer(sellerId, bodyField(request, 'product_id')),
  },
  {
    method: 'POST',
    pattern: /^\/api\/v1\/stripe\/update-payment-intent\/$/,
    check: (access, sellerId, request) => access.ownsIntent(sellerId, bodyField(request, 'intent_id')),
  },
  // The client secret is the capability here; it names exactly one payment.
  { method: 'POST', pattern: /^\/api\/v1\/payments\/local\/confirm\/$/ },
  // The thank-you page's summary: its unguessable reference is the capability.
  { method: 'GET', pattern: new RegExp(`^/api/v1/order-receipts/${id}/$`) },
]

export const pathnameOf = (request: FastifyRequest) => request.url.split('?')[0] ?? ''
const isRead = (request: FastifyRequest) => request.method === 'GET' || request.method === 'HEAD'

export function matchPublicPageRule(request: FastifyRequest): { rule: PublicPageRule; params: string[] } | null {
  const pathname = pathnameOf(request)
  for (const rule of publicPageRules) {
    if (rule.method !== request.method && !(rule.method === 'GET' && isRead(request))) continue
    const match = rule.pattern.exec(pathname)
    if (!match) continue
    try {
      return { rule, params: match.slice(1).map((part) => decodeURIComponent(part)) }
    } catch {
      return null // a malformed %-escape names nothing
    }
  }
  return null
}

/** `?isPreview=true`: the seller's preview, a dashboard feature that runs no seller scripts. */
export const isPreviewRequest = (request: FastifyRequest) =>
  new URLSearchParams(request.url.split('?')[1] ?? '').get('isPreview') === 'true'

/** A live page on the dashboard's origin, to be sent to the pages origin. */
export const isLivePageRequest = (request: FastifyRequest) =>
  isRead(request) && livePagePattern.test(pathnameOf(request)) && !isPreviewRequest(request)

/** A page (not an API call or a file) a browser asked for. */
export const isPageRequest = (request: FastifyRequest) => isRead(request) && !/^\/(api|media|assets)\//.test(pathnameOf(request))
