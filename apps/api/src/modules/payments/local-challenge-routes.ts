import { detailErrorSchema, localChallengeResultSchema, localChallengeSchema } from '@funnelry/shared'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { NotFoundError } from '../../lib/errors.js'
import type { LocalPaymentProvider } from './providers/local-provider.js'

/**
 * The local test provider's challenge page (decision D34): what a bank's 3-D Secure page is for
 * `4000 0027 6000 3184`. The page shows Complete and Fail; the charge's owner then asks the provider
 * again (the server re-checks, never the page's word).
 */
export const localChallengeRoutes: FastifyPluginAsyncZod<{ provider: LocalPaymentProvider }> = async (app, { provider }) => {
  app.post(
    '/payments/local/challenge/',
    {
      // The offer page's challenge step: the client secret names exactly one payment.
      config: { publicPage: {} },
      schema: {
        tags: ['payments'],
        summary: 'Local test provider: complete or fail the authentication a payment waits for',
        body: localChallengeSchema,
        response: { 200: localChallengeResultSchema, 404: detailErrorSchema },
      },
    },
    async (request) => {
      const intent = await provider.answerChallenge(request.body.client_secret, request.body.outcome === 'complete')
      if (!intent) throw new NotFoundError('No payment waits for authentication here.')
      return { status: intent.status === 'succeeded' ? ('succeeded' as const) : ('failed' as const) }
    },
  )
}
