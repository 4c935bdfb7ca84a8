import {
  loginSchema,
  otpRequiredSchema,
  refreshSchema,
  tokenPairSchema,
  validateInviteResponseSchema,
  validateInviteSchema,
} from '@funnelry/shared'
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { clientAddressKey } from '../../http/client-address.js'
import type { SellerService } from '../sellers/sellers-module.js'
import type { AuthService } from './auth-service.js'

/**
 * Brute-force protection keyed by client and email: guessing one account's password from one
 * place is slowed down, while the real owner elsewhere is never locked out. The log-in call also
 * has limits per account and per address on failed attempts (login-limits.ts).
 */
const perClientAndEmail = (max: number) => ({
  rateLimit: {
    max,
    timeWindow: '1 minute',
    hook: 'preHandler' as const,
    keyGenerator: (request: FastifyRequest) => {
      const body = request.body as { email?: unknown } | undefined
      const email = typeof body?.email === 'string' ? body.email.trim().toLowerCase() : ''
      return `${request.routeOptions.url}|${clientAddressKey(request)}|${email}`
    },
  },
})

const detail = z.object({ detail: z.string() })

export const authRoutes: FastifyPluginAsyncZod<{ auth: AuthService; sellers: SellerService }> = async (app, { auth, sellers }) => {
  app.post(
    '/authentication/token/',
    {
      schema: {
        tags: ['auth'],
        summary: 'Log in (with `otp` when two-factor is on: without it the answer is a 401 with `otp_required`)',
        body: loginSchema,
        response: { 200: tokenPairSchema, 401: otpRequiredSchema },
      },
      config: perClientAndEmail(10),
    },
    (request) => auth.login(request.body.email, request.body.password, clientAddressKey(request), request.body.otp),
  )

  app.post(
    '/authentication/token/refresh/',
    {
      schema: {
        tags: ['auth'],
        summary: 'New access and refresh tokens from a refresh token (the one sent is spent)',
        body: refreshSchema,
        response: { 200: tokenPairSchema },
      },
    },
    (request) => auth.refresh(request.body.refresh),
  )

  app.post(
    '/authentication/logout/',
    { schema: { tags: ['auth'], summary: 'Revoke a refresh token', body: refreshSchema, response: { 200: detail } } },
    async (request) => {
      await auth.logout(request.body.refresh)
      return { detail: 'Logged out.' }
    },
  )

  app.post(
    '/authentication/validate-invite/',
    {
      schema: {
        tags: ['auth'],
        summary: 'Check an invitation link',
        body: validateInviteSchema,
        response: { 200: validateInviteResponseSchema },
      },
      config: perClientAndEmail(20),
    },
    async (request) => {
      await sellers.invitations.check(request.body.email, request.body.token)
      return { valid: true }
    },
  )
}
