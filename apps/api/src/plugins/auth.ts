import type { FastifyInstance, FastifyRequest, onRequestHookHandler, RouteOptions } from 'fastify'
import fp from 'fastify-plugin'
import { AuthenticationError } from '../lib/errors.js'
import type { TokenSigner } from '../lib/tokens.js'

/** `logInId` is the log-in the access token belongs to (its `sid`): a password change keeps it going. */
export type CurrentSeller = { id: string; fullName: string; email: string; logInId: string }

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `app.authenticate`; routes that use it can rely on it. */
    seller: CurrentSeller
  }
  interface FastifyInstance {
    authenticate: (request: FastifyRequest) => Promise<void>
  }
}

type AuthOptions = {
  tokens: TokenSigner
  /**
   * Whether the log-in an access token names (`sid`) is still going, for the seller it names: a
   * log-out or a revoked log-in ends its access tokens at once (modules/auth/log-ins.ts). A live
   * log-in also proves the seller exists (their log-ins go with their account).
   */
  logInLive: (logInId: string, sellerId: string) => Promise<boolean>
}

const notValid = 'Your session has expired or is not valid. Please log in again.'

/**
 * `onRequest: app.authenticate` makes a route need a valid bearer access token. This is the one
 * place that decides who the caller is: every route behind it can rely on `request.seller.id`
 * being the id of an existing seller whose log-in has not ended.
 */
export const authPlugin = fp(async (app: FastifyInstance, { tokens, logInLive }: AuthOptions) => {
  app.decorateRequest('seller', null as unknown as CurrentSeller)
  app.decorate('authenticate', async (request: FastifyRequest) => {
    const header = request.headers.authorization
    const match = header?.match(/^Bearer\s+(\S+)$/i)
    if (!match?.[1]) throw new AuthenticationError('Authentication credentials were not provided.')
    const claims = await tokens.verifyAccess(match[1])
    if (!claims || !(await logInLive(claims.sid, claims.user_id))) throw new AuthenticationError(notValid)
    request.seller = { id: claims.user_id, fullName: claims.full_name, email: claims.email, logInId: claims.sid }
  })
})

/** Hooks that recognise a seller when a token is sent but let visitors through (optionalAuthentication). */
const optionalSignInHooks = new WeakSet<object>()
export function markOptionalSignIn<T extends object>(hook: T): T {
  optionalSignInHooks.add(hook)
  return hook
}

const hooksOf = (route: RouteOptions): unknown[] => {
  const { onRequest } = route
  if (!onRequest) return []
  return Array.isArray(onRequest) ? onRequest : [onRequest]
}

/** Whether a route needs a bearer token, takes one, or none: read from its onRequest hooks (the API document says so). */
export function signInOf(app: FastifyInstance, route: RouteOptions): 'required' | 'optional' | 'none' {
  const hooks = hooksOf(route)
  if (hooks.includes(app.authenticate)) return 'required'
  if (hooks.some((hook) => typeof hook === 'function' && optionalSignInHooks.has(hook))) return 'optional'
  return 'none'
}

/**
 * Every route registered after this in the calling plugin needs a valid bearer access token:
 * the same as `app.addHook('onRequest', app.authenticate)`, but on each route, where the API
 * document (plugins/openapi-document.ts) can see it.
 */
export function requireSignIn(app: FastifyInstance): void {
  const authenticate: onRequestHookHandler = app.authenticate
  app.addHook('onRoute', (route) => {
    const hooks = hooksOf(route).filter((hook): hook is onRequestHookHandler => typeof hook === 'function')
    // A GET's HEAD twin arrives with the GET's hooks, already signed-in.
    if (!hooks.includes(authenticate)) route.onRequest = [authenticate, ...hooks]
  })
}
