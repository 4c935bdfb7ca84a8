import type { FastifyInstance, onRequestHookHandler, RouteOptions } from 'fastify'

/** `logInId` is the log-in the access token belongs to (its `sid`): a password change keeps it going. */
export type CurrentSeller = { id: string; fullName: string; email: string; logInId: string }

/**
 * What the auth plugin (plugins/auth.ts) adds to every request and to the app. Declared here, below
 * the modules, so that a route can rely on them without importing the plugin (decision 0027).
 */
declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `app.authenticate`; routes that use it can rely on it. */
    seller: CurrentSeller
  }
  interface FastifyInstance {
    authenticate: (request: FastifyRequest) => Promise<void>
  }
}

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
