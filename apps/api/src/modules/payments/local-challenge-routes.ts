import {
  centsToAmount,
  detailErrorSchema,
  localChallengeDetailsSchema,
  localChallengeQuerySchema,
  localChallengeResultSchema,
  localChallengeSchema,
  paymentMessages,
} from '@funnelry/shared'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { NotFoundError } from '../../lib/errors.js'
import { localEventDelivery } from './local-event-delivery.js'
import type { PaymentIntentEvent } from './provider-webhook-routes.js'
import type { LocalPaymentProvider } from './providers/local-provider.js'

/**
 * The local test provider's challenge page (decision D34): what a bank's 3-D Secure page is for
 * `4000 0027 6000 3184`. The page shows Complete and Fail. A one-click charge's owner then asks the
 * provider again (the server re-checks, never the page's word); a checkout's own payment is recorded
 * here, its event handled as the card form's confirm handles it, before the answer.
 */
type Options = {
  provider: LocalPaymentProvider
  /** The business name of the seller owning this local account: who is charging, as a bank's page says. */
  merchantOf: (accountId: string) => Promise<string | null>
  onPaymentEvent?: (event: PaymentIntentEvent) => Promise<void>
}

const notWaiting = 'No payment waits for authentication here.'

export const localChallengeRoutes: FastifyPluginAsyncZod<Options> = async (app, { provider, merchantOf, onPaymentEvent }) => {
  const deliver = localEventDelivery(provider, onPaymentEvent)
  app.get(
    '/payments/local/challenge/',
    {
      config: { publicPage: {} },
      schema: {
        tags: ['payments'],
        summary: 'Local test provider: who charges how much, for the payment waiting for authentication',
        querystring: localChallengeQuerySchema,
        response: { 200: localChallengeDetailsSchema, 404: detailErrorSchema },
      },
    },
    async (request) => {
      const intent = await provider.findChallenge(request.query.client_secret)
      if (!intent) throw new NotFoundError(notWaiting)
      // The stored charge's amount, as the bank would show it: the page never says what is charged.
      return {
        merchant: (await merchantOf(intent.accountId)) ?? 'Funnelry test seller',
        amount: centsToAmount(intent.amountCents),
        currency: intent.currency.toUpperCase(),
      }
    },
  )

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
      const answered = await provider.answerChallenge(request.body.client_secret, request.body.outcome === 'complete')
      if (!answered) throw new NotFoundError(notWaiting)
      if (answered.event) await deliver(answered.event)
      if (answered.intent.status === 'succeeded') return { status: 'succeeded' as const }
      return { status: 'failed' as const, message: paymentMessages.authenticationFailed }
    },
  )
}
