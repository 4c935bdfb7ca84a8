import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import type { onRequestHookHandler, RouteOptions } from 'fastify'
import type { TestApp } from '../../test/build-test-app.js'
import { createSellerSession } from '../../test/factories.js'
import { describe, expect, test } from '../../test/fixtures.js'
import { sellerDomains } from '../modules/settings/settings-tables.js'

/**
 * Issue 21: what the pages origin and a seller's custom domain serve is what the routes declare
 * (`config.publicPage`, http/public-page.ts), not a list kept elsewhere. Every route the app adds
 * is seen as it is added and sent once to each site: it gets past the site's check exactly when it
 * declares so, so a route removed or renamed takes its rule with it, and a new one is closed there
 * until it says otherwise.
 */
type SeenRoute = { method: string; url: string; route: RouteOptions }

/** Read once every hook has seen the route: a scope's own hook may declare what it adds (http/public-page.ts). */
const declarationOf = ({ route }: SeenRoute) => route.config?.publicPage

const seen: SeenRoute[] = []
/** Set by a hook each route runs after the app's own onRequest hooks (the site check among them) and its own. */
let reached = false
const markReached: onRequestHookHandler = async () => {
  reached = true
}

function observeRoute(route: RouteOptions) {
  for (const method of [route.method].flat()) seen.push({ method, url: route.url, route })
  const hooks = [route.onRequest ?? []].flat()
  // A GET's HEAD twin arrives with the GET's hooks, already marked.
  if (!hooks.includes(markReached)) route.onRequest = [...hooks, markReached]
}

/** A URL the route answers: a well-formed id that names nothing for each parameter, a file name for a wildcard. */
const urlOf = (route: string) => route.replace(/:[^/]+/g, crypto.randomUUID()).replace('*', 'missing.png')

const pagesHost = 'pages.funnelry.test'
const domainHost = 'offers.declared.example'

describe('the public sites serve what the routes declare', () => {
  let ctx: TestApp
  let webDist: string
  /** A seller's token on every request, so that a route's own sign-in check lets it through. */
  let signedIn: Record<string, string>

  // The seller's log-in stays good whatever the calls do (a log-out among them): each call is to meet its route.
  test.override('appOptions', () => ({ deps: { webDist, observeRoute, logInLive: async () => true } }))
  test.beforeEach(async () => {
    seen.length = 0
    webDist = await mkdtemp(path.join(os.tmpdir(), 'funnelry-web-'))
    await mkdir(path.join(webDist, 'assets'))
    await writeFile(path.join(webDist, 'index.html'), '<!doctype html><div id="root"></div>')
    await writeFile(path.join(webDist, 'assets', 'public-abc123.js'), 'export {}')
    await writeFile(path.join(webDist, 'favicon.ico'), '')
    await writeFile(path.join(webDist, 'manifest.json'), '{}')
  })
  test.beforeEach(async ({ app }) => {
    ctx = app
    const owner = await createSellerSession(ctx)
    signedIn = owner.headers
    const saved = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/v1/domain-settings/${owner.seller.id}/`,
      headers: owner.headers,
      payload: { domain: domainHost },
    })
    expect(saved.statusCode).toBe(200)
    // Proven as the domain tests prove it (host-routing.test.ts); here only its being verified matters.
    await ctx.db.update(sellerDomains).set({ status: 'verified' }).where(eq(sellerDomains.sellerId, owner.seller.id))
  })
  test.afterEach(async () => {
    await rm(webDist, { recursive: true, force: true })
  })

  /** Whether a request for the route on that host got past the site check. */
  const reaches = async ({ method, url }: SeenRoute, host: string) => {
    reached = false
    const bodyless = method === 'GET' || method === 'HEAD' || method === 'DELETE'
    await ctx.app.inject({
      method: method as 'GET',
      url: urlOf(url),
      headers: { ...signedIn, host },
      ...(bodyless ? {} : { payload: {} }),
    })
    return reached
  }

  test('every route reachable on the pages origin or a custom domain declares it, and every declared one is', async () => {
    const routes = seen.filter((route) => route.method !== 'OPTIONS')
    expect(routes.length).toBeGreaterThan(50)
    const declared = routes.filter((route) => declarationOf(route)).map(({ method, url }) => `${method} ${url}`)
    // A few of them by name, so that the list above cannot be empty by mistake.
    expect(declared).toEqual(
      expect.arrayContaining([
        'GET /free-offer/:id',
        'GET /api/v1/free-product/:id/',
        'POST /api/v1/seller/webhook/notify/',
        'POST /api/v1/stripe/payment-intent/',
        'GET /assets/public-abc123.js',
        'GET /favicon.ico',
        'GET /media/*',
      ]),
    )
    expect(declared).not.toContain('GET /manifest.json')
    expect(declared).not.toContain('GET /api/v1/free-product/')
    for (const route of routes) {
      const name = `${route.method} ${route.url}`
      const declaration = declarationOf(route)
      expect(await reaches(route, pagesHost), `${name} on the pages origin`).toBe(Boolean(declaration))
      expect(await reaches(route, domainHost), `${name} on a custom domain`).toBe(Boolean(declaration))
      // The same request on the dashboard's origin gets through (a live page moves to the pages origin),
      // so the refusals above are the site check's, not the route's own.
      expect(await reaches(route, 'funnelry.test'), `${name} on the dashboard's origin`).toBe(!declaration?.live)
      expect(await reaches(route, 'unknown.example'), `${name} on an unknown host`).toBe(Boolean(declaration?.anyHost))
    }
  })
})
