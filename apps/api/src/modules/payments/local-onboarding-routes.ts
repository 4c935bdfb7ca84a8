import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { NotFoundError } from '../../lib/errors.js'
import { onboardingPage } from './local-onboarding-page.js'
import { signedAccountQuerySchema } from './payment-account-routes.js'
import { type LocalPaymentProvider, localOnboardingPath } from './providers/local-provider.js'

type Options = { provider: LocalPaymentProvider; publicUrl: string }

// Under /api/v1 every error is JSON with a `detail`, this page's too (issue 23).
const linkNotValid = () =>
  new NotFoundError('This onboarding link is not valid. Go back to Settings and use the connect action again to get a fresh link.')

// Strict like every other body: the page's form posts exactly these three fields.
const decisionBodySchema = z.strictObject({ ...signedAccountQuerySchema.shape, decision: z.enum(['approve', 'incomplete']) })

/**
 * The local provider's onboarding page (GET) and its two buttons (POST, a plain HTML form).
 * The signed token in the link is the only credential: the seller's browser arrives here from a
 * redirect, without our bearer token, exactly as it returns from Stripe.
 */
export const localOnboardingRoutes: FastifyPluginAsyncZod<Options> = async (app, { provider, publicUrl }) => {
  // HTML forms post url-encoded bodies; this parser exists only inside this plugin.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))))
  })

  const path = localOnboardingPath.replace(/^\/api\/v1/, '')

  app.get(
    path,
    { schema: { tags: ['payments'], summary: 'Local test provider: the onboarding page', querystring: signedAccountQuerySchema } },
    async (request, reply) => {
      const { account, token } = request.query
      if (!token || !provider.verifyOnboardingToken(account, token)) throw linkNotValid()
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').header('referrer-policy', 'no-referrer')
      return reply.send(onboardingPage(localOnboardingPath, account, token))
    },
  )

  app.post(
    path,
    {
      schema: { tags: ['payments'], summary: "Local test provider: 'Approve' or 'Leave incomplete'", body: decisionBodySchema },
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const { account, token, decision } = request.body
      if (!provider.verifyOnboardingToken(account, token)) throw linkNotValid()
      // A signed id whose account was replaced since (e.g. a newer connect): nothing to approve.
      if (!(await provider.completeOnboarding(account, decision === 'approve'))) throw linkNotValid()
      return reply.redirect(`${publicUrl}/thank-you-stripe`, 303)
    },
  )
}
