import { accountStatusSchema, connectAccountResponseSchema, connectAccountSchema } from '@funnelry/shared'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { NotFoundError } from '../../lib/errors.js'
import type { PaymentAccountService } from './payment-account-service.js'
import type { LinkSigner } from './providers/link-signer.js'
import type { PaymentProvider } from './providers/provider.js'
import { verifyStripeRefreshToken } from './providers/stripe-provider.js'

type Options = { accounts: PaymentAccountService; payments: PaymentProvider; signer: LinkSigner }

export const signedAccountQuerySchema = z.object({ account: z.string().min(1).max(255), token: z.string().max(255).optional() })

export const paymentAccountRoutes: FastifyPluginAsyncZod<Options> = async (app, { accounts, payments, signer }) => {
  app.post(
    '/stripe/account/connect/',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['payments'],
        summary: "Store the payment-account answer (D14) and get the provider's onboarding link (D10)",
        body: connectAccountSchema,
        response: { 200: connectAccountResponseSchema },
      },
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
    },
    (request) => accounts.connect(request.seller.id, request.body.has_stripe_account),
  )

  app.get(
    '/stripe/account/status/',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['payments'],
        summary: 'Whether the payment account can take charges, asked from the provider',
        response: { 200: accountStatusSchema },
      },
    },
    (request) => accounts.status(request.seller.id),
  )

  app.get(
    '/stripe/account/refresh-link/',
    {
      schema: {
        tags: ['payments'],
        summary: "Stripe's refresh_url: a fresh onboarding link for an expired one (signed link, no auth)",
        querystring: signedAccountQuerySchema,
      },
    },
    async (request, reply) => {
      const { account, token } = request.query
      if (payments.name !== 'stripe' || !verifyStripeRefreshToken(signer, account, token)) throw new NotFoundError()
      return reply.redirect(await accounts.freshOnboardingUrl(account), 303)
    },
  )
}
