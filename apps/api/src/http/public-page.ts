import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify'

/**
 * Whether a request on a seller's custom domain names only that seller's rows (the offer in its
 * path, the `product_id` or `intent_id` in its body). Asked once the body is parsed.
 */
export type OwnershipCheck = (request: FastifyRequest, sellerId: string) => Promise<boolean>

/**
 * A route's answer to "is this served on the public sites?" (decision D23), declared in its own
 * options as `config: { publicPage: {...} }` and read by the host routing (plugins/host-routing.ts).
 * A route without one answers only on the dashboard's origin: removing or renaming a route takes its
 * rule with it (docs/decisions/0026-public-pages-declared-by-their-routes.md).
 */
export type PublicPageDeclaration = {
  /**
   * On a seller's custom domain, whether what the request names is that seller's. Absent: the
   * request carries its own capability (an unguessable reference, a client secret) or names nothing.
   */
  ownedBy?: OwnershipCheck
  /** A live offer page: asked for on the dashboard's origin, it is sent to the pages origin. */
  live?: true
  /** Answers on any host, an unknown one too: load balancers and containers ask by address. */
  anyHost?: true
}

declare module 'fastify' {
  interface FastifyContextConfig {
    publicPage?: PublicPageDeclaration
  }
}

/** The public-page declaration of the route a request reached, if any. */
export const publicPageOf = (request: FastifyRequest): PublicPageDeclaration | undefined => request.routeOptions.config?.publicPage

/** A string field of a parsed JSON body, or '' (then no row is named, and the check refuses). */
export const bodyField = (request: FastifyRequest, name: string): string => {
  const value = (request.body as Record<string, unknown> | undefined)?.[name]
  return typeof value === 'string' ? value : ''
}

/** A path parameter, or ''. */
export const pathParam = (request: FastifyRequest, name: string): string => {
  const value = (request.params as Record<string, unknown> | undefined)?.[name]
  return typeof value === 'string' ? value : ''
}

/** Whether the row with this id is the seller's: a service of the module that owns the rows. */
export type Owns = (sellerId: string, id: string) => Promise<boolean>

/** Declares that a custom domain serves the route when `owns(sellerId, id)` holds for the id `idOf` reads from the request. */
export const ownedBy =
  (idOf: (request: FastifyRequest) => string, owns: Owns): OwnershipCheck =>
  (request, sellerId) =>
    owns(sellerId, idOf(request))

/**
 * Declares public the routes a static plugin registers in `scope` (its files get a route each,
 * named only when it starts) for which `isPublic(url)` holds.
 */
export function declarePublicFiles(scope: FastifyInstance, isPublic: (url: string) => boolean): void {
  const publicPage: PublicPageDeclaration = {}
  scope.addHook('onRoute', (route: RouteOptions) => {
    if (isPublic(route.url)) route.config = { ...route.config, publicPage }
  })
}
