import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { publicPageOf } from '../http/public-page.js'
import type { CustomDomainAccess } from '../modules/settings/settings-module.js'

/**
 * Which site a request is for, told apart by its Host header (decision D23):
 * - dashboard: PUBLIC_URL's host: the dashboard and the API, never a live offer page, so seller
 *   scripts never run where dashboard tokens live;
 * - pages: PAGES_URL's host: every seller's public offer pages, nothing of the dashboard;
 * - custom-domain: a seller's verified domain: that seller's public offer pages only.
 * Any other host (an IP address, a domain not or no longer verified) is none of them: pages are
 * sent to PUBLIC_URL, everything else is a 421 (misdirected), never the dashboard (issue 22). Only the health
 * check answers there, for load balancers and containers that ask by address. A loopback name
 * (localhost, 127.0.0.1, ::1) counts as the dashboard: only this machine or a proxy in front of it
 * can use one (docs/decisions/not-found-pages-and-unknown-hosts.md).
 * What the public sites serve is what each route declares in its options (http/public-page.ts);
 * a request no declared route answers is refused there.
 */
export type Site = { kind: 'dashboard' } | { kind: 'pages' } | { kind: 'custom-domain'; sellerId: string }

declare module 'fastify' {
  interface FastifyRequest {
    site: Site
  }
}

type Options = { access: CustomDomainAccess; publicUrl: string; pagesUrl: string }

const hostnameOf = (host: string | undefined) => {
  try {
    return host ? new URL(`http://${host}`).hostname.toLowerCase() : ''
  } catch {
    return ''
  }
}

const dashboardSite: Site = { kind: 'dashboard' }
const loopbackHosts = new Set(['localhost', '127.0.0.1', '[::1]'])
const pagesSite: Site = { kind: 'pages' }

const pathnameOf = (request: FastifyRequest) => request.url.split('?')[0] ?? ''
const isRead = (request: FastifyRequest) => request.method === 'GET' || request.method === 'HEAD'
/** `?isPreview=true`: the seller's preview, a dashboard feature that runs no seller scripts. */
const isPreviewRequest = (request: FastifyRequest) => new URLSearchParams(request.url.split('?')[1] ?? '').get('isPreview') === 'true'
/** A page (not an API call or a file) a browser asked for. */
const isPageRequest = (request: FastifyRequest) => isRead(request) && !/^\/(api|media|assets)\//.test(pathnameOf(request))

export const hostRoutingPlugin = fp(async (app: FastifyInstance, { access, publicUrl, pagesUrl }: Options) => {
  const dashboardHost = hostnameOf(new URL(publicUrl).host)
  const pagesHost = hostnameOf(new URL(pagesUrl).host)

  async function siteOf(request: FastifyRequest): Promise<Site | null> {
    const hostname = hostnameOf(request.host)
    if (hostname === pagesHost) return pagesSite
    if (hostname === dashboardHost || loopbackHosts.has(hostname)) return dashboardSite
    const sellerId = await access.sellerForHost(request.host)
    return sellerId ? { kind: 'custom-domain', sellerId } : null
  }

  /** Pages of the dashboard asked for on a public site go to the dashboard; the rest is not here. */
  function refuse(request: FastifyRequest, reply: FastifyReply) {
    if (!isPageRequest(request)) return reply.code(404).send({ detail: 'Not found.' })
    if (request.site.kind === 'pages') return reply.redirect(`${publicUrl}${request.url}`, 302)
    return reply.redirect('/404', 302)
  }

  // A reference type needs a getter/setter pair (Fastify refuses a shared object default).
  const sites = new WeakMap<FastifyRequest, Site>()
  app.decorateRequest('site', {
    getter(this: FastifyRequest) {
      return sites.get(this) ?? dashboardSite
    },
    setter(this: FastifyRequest, value: Site) {
      sites.set(this, value)
    },
  })

  // The route's declaration first, before any body is read.
  app.addHook('onRequest', async (request, reply) => {
    const found = await siteOf(request)
    const declared = publicPageOf(request)
    if (!found) {
      if (declared?.anyHost) return
      if (isPageRequest(request)) return reply.redirect(`${publicUrl}${request.url}`, 302)
      // 421 Misdirected Request: this server does not answer for that host (no route's own 404 shape applies).
      return reply.code(421).send({ detail: `This address is not served here. Use ${publicUrl}.` })
    }
    request.site = found
    const { site } = request
    if (site.kind === 'dashboard') {
      // The dashboard origin shows no seller content: live pages move to the pages origin.
      if (declared?.live && isRead(request) && !isPreviewRequest(request)) return reply.redirect(`${pagesUrl}${request.url}`, 302)
      return
    }
    // Previews belong to the dashboard (they run no seller scripts there).
    if (isPageRequest(request) && isPreviewRequest(request)) return reply.redirect(`${publicUrl}${request.url}`, 302)
    if (site.kind === 'custom-domain' && pathnameOf(request) === '/' && isPageRequest(request)) {
      const offerId = await access.defaultOffer(site.sellerId)
      return reply.redirect(offerId ? `/free-offer/${offerId}` : '/404', 302)
    }
    if (!declared) return refuse(request, reply)
  })

  // Ownership checks on a custom domain, once the body (product_id, intent_id) is parsed.
  app.addHook('preValidation', async (request, reply) => {
    const { site } = request
    if (site.kind !== 'custom-domain') return
    const declared = publicPageOf(request)
    if (!declared) return refuse(request, reply)
    if (declared.ownedBy && !(await declared.ownedBy(request, site.sellerId))) return refuse(request, reply)
  })
})
