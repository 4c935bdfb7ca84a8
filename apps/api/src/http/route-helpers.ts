import type { FastifyInstance, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { type CurrentSeller, markOptionalSignIn } from './sign-in.js'

/** Any string: a malformed id answers 404 like an unknown one, not 400. */
export const offerIdParams = z.object({ id: z.string() })

/** Absolute list URL for `next`/`previous`, from the configured public URL and the route. */
export const listUrlOf = (publicUrl: string, request: FastifyRequest) => `${publicUrl}${request.routeOptions.url ?? ''}`

/**
 * For the public reads: no Authorization header reads as a visitor; a header must be valid
 * (a stale token answers 401 so the browser refreshes it) and makes the owner recognisable.
 */
export const optionalAuthentication = (app: FastifyInstance) =>
  markOptionalSignIn(async (request: FastifyRequest) => {
    if (request.headers.authorization) await app.authenticate(request)
  })

/** The signed-in seller reading a public offer, if any. */
export const viewerIdOf = (request: FastifyRequest): string | null => (request.seller as CurrentSeller | null)?.id ?? null
