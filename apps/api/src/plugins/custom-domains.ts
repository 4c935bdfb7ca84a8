import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import type { CustomDomainAccess } from '../modules/settings/custom-domain-access.js'

declare module 'fastify' {
  interface FastifyRequest {
    /** Set when the request came in on a seller's custom domain. */
    customDomainSellerId: string | null
  }
}

type Check = (access: CustomDomainAccess, sellerId: string, request: FastifyRequest, params: string[]) => Promise<boolean>
type Rule = { method: 'GET' | 'POST'; pattern: RegExp; check?: Check }

const id = '([^/]+)'
const bodyField = (request: FastifyRequest, name: string) => {
  const value = (request.body as Record<string, unknown> | undefined)?.[name]
  return typeof value === 'string' ? value : ''
}
const ownsOfferInPath: Check = (access, sellerId, _request, [offerId = '']) => access.ownsFreeOffer(sellerId, offerId)

/**
 * What a seller's custom domain serves: their public offer pages, the calls those pages make,
 * and the static files they need. Anything naming an offer or a payment must be that seller's.
 */
const rules: Rule[] = [
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
]

function matchRule(request: FastifyRequest): { rule: Rule; params: string[] } | null {
  const pathname = request.url.split('?')[0] ?? ''
  for (const rule of rules) {
    if (rule.method !== request.method && !(rule.method === 'GET' && request.method === 'HEAD')) continue
    const match = rule.pattern.exec(pathname)
    if (match) return { rule, params: match.slice(1).map((part) => decodeURIComponent(part)) }
  }
  return null
}

function refuse(request: FastifyRequest, reply: FastifyReply) {
  const pathname = request.url.split('?')[0] ?? ''
  if (request.method === 'GET' && !pathname.startsWith('/api/')) return reply.redirect('/404', 302)
  return reply.code(404).send({ detail: 'Not found.' })
}

export const customDomainsPlugin = fp(async (app: FastifyInstance, { access }: { access: CustomDomainAccess }) => {
  app.decorateRequest('customDomainSellerId', null)

  // Path check first, before any body is read.
  app.addHook('onRequest', async (request, reply) => {
    const sellerId = await access.sellerForHost(request.host)
    request.customDomainSellerId = sellerId
    if (sellerId && !matchRule(request)) return refuse(request, reply)
  })

  // Ownership checks, once the body (product_id, intent_id) is parsed.
  app.addHook('preValidation', async (request, reply) => {
    const sellerId = request.customDomainSellerId
    if (!sellerId) return
    const matched = matchRule(request)
    if (!matched) return refuse(request, reply)
    if (matched.rule.check && !(await matched.rule.check(access, sellerId, request, matched.params))) return refuse(request, reply)
  })
})
