import { setTimeout as wait } from 'node:timers/promises'
import {
  fieldErrorBodySchema,
  localConfirmFailureSchema,
  localConfirmSchema,
  localConfirmSuccessSchema,
  normalizeCardNumber,
  paymentMessages,
} from '@funnelry/shared'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { clientAddressKey } from '../../http/client-address.js'
import type { CardTestingGuard } from './card-testing-limits.js'
import { localEventDelivery } from './local-event-delivery.js'
import type { PaymentIntentEvent } from './provider-webhook-routes.js'
import type { LocalPaymentProvider } from './providers/local-provider.js'

type Options = {
  provider: LocalPaymentProvider
  cardTesting: CardTestingGuard
  onPaymentEvent?: (event: PaymentIntentEvent) => Promise<void>
}

/**
 * The local test provider's card form (decisions, "Payment providers"). The signed event the
 * provider returns goes through `parseWebhook` and the same handler as Stripe's webhook, so the
 * local path exercises exactly the fulfilment that production runs. The answer comes after the
 * event was handled: a visitor told "succeeded" has an order that is paid.
 */
/** The intent a client secret belongs to (`pi_local_…_secret_…`, as Stripe's). */
const intentOfSecret = (clientSecret: string) => clientSecret.split('_secret_')[0] ?? clientSecret

export const localConfirmRoutes: FastifyPluginAsyncZod<Options> = async (app, { provider, cardTesting, onPaymentEvent }) => {
  const deliver = localEventDelivery(provider, onPaymentEvent)

  app.post(
    '/payments/local/confirm/',
    {
      // The offer page's card form: the client secret is the capability; it names exactly one payment.
      config: { publicPage: {} },
      schema: {
        tags: ['payments'],
        summary:
          'Local test provider: pay with 4242 4242 4242 4242, see a decline with 4000 0000 0000 0002, or an authentication with 4000 0027 6000 3184',
        body: localConfirmSchema,
        // A 400 is a refused card or, as on every route, field errors or a `detail` for a malformed body.
        response: {
          200: localConfirmSuccessSchema,
          400: z.union([localConfirmFailureSchema, fieldErrorBodySchema]),
          404: localConfirmFailureSchema,
        },
      },
      // Decision D24: no limit per address (buyers behind one carrier address all pay); card testing
      // is stopped by its declines, per intent, card and email, and an address that declines a lot is slowed.
    },
    async (request, reply) => {
      const card = normalizeCardNumber(request.body.card_number)
      const address = clientAddressKey(request)
      await cardTesting.checkCardAttempt(intentOfSecret(request.body.client_secret), card)
      const delayMs = await cardTesting.delayFor(address)
      if (delayMs > 0) await wait(delayMs)
      const result = await provider.confirmWithTestCard(request.body.client_secret, request.body.card_number)
      // Decision D34: the card form shows the local challenge page; its answer pays or refuses.
      if (result.status === 'requires_action') return { status: 'requires_action' as const }
      if (result.status === 'failed' && result.error === paymentMessages.cardDeclined) await cardTesting.recordCardDecline(card, address)
      // The event's handler counts the decline against the intent and the email, and ends an intent declined too often.
      if (result.event) await deliver(result.event)
      if (result.status === 'succeeded') return { status: 'succeeded' as const }
      return reply.code(result.statusCode).send({ status: 'failed' as const, error: result.error, detail: result.error })
    },
  )
}
