import type { FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { AuthenticationError } from '../lib/errors.js'
import type { TokenSigner } from '../lib/tokens.js'

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
 * being the id of an existing seller whose log-in has not ended. The guards routes use with it
 * (`requireSignIn`, `markOptionalSignIn`) are in http/sign-in.ts, below the modules.
 */
export const authPlugin = fp(async (app: FastifyInstance, { tokens, logInLive }: AuthOptions) => {
  // null until `authenticate` sets it. Fastify's typings take null for a declared property only
  // with a list of the decorators it depends on (none here).
  app.decorateRequest('seller', null, [])
  app.decorate('authenticate', async (request: FastifyRequest) => {
    const header = request.headers.authorization
    const match = header?.match(/^Bearer\s+(\S+)$/i)
    if (!match?.[1]) throw new AuthenticationError('Authentication credentials were not provided.')
    const claims = await tokens.verifyAccess(match[1])
    if (!claims || !(await logInLive(claims.sid, claims.user_id))) throw new AuthenticationError(notValid)
    request.seller = { id: claims.user_id, fullName: claims.full_name, email: claims.email, logInId: claims.sid }
  })
})
