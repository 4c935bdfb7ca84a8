import { fieldErrorBodySchema, localConfirmFailureSchema, localConfirmSchema, localConfirmSuccessSchema } from '@funnelry/shared'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { PaymentIntentEvent } from './provider-webhook-routes.js'
import type { SignedEvent } from './providers/local-confirm.js'
import type { LocalPaymentProvider } from './providers/local-provider.js'

type Options = { provider: LocalPaymentProvider; onPaymentEvent?: (event: PaymentIntentEvent) => Promise<void> }

/**
 * The local test provider's card form (decisions, "Payment providers"). The signed event the
 * provider returns goes through `parseWebhook` and the same handler as Stripe's webhook, so the
 * local path exercises exactly the fulfilment that production runs. The answer comes after the
 * event was handled: a visitor told "succeeded" has an order that is paid.
 */
export const localConfirmRoutes: FastifyPluginAsyncZod<Options> = async (app, { provider, onPaymentEvent }) => {
  const deliver = async ({ rawBody, signature }: SignedEvent) => {
    const event = provider.parseWebhook(rawBody, signature)
    if (onPaymentEvent && (event.type === 'payment_intent.succeeded' || event.type === 'payment_intent.payment_failed')) {
      await onPaymentEvent(event)
    }
  }

  app.post(
    '/payments/local/confirm/',
    {
      schema: {
        tags: ['payments'],
        summary: 'Local test provider: pay with 4242 4242 4242 4242, or see a decline with 4000 0000 0000 0002',
        body: localConfirmSchema,
        // A 400 is a refused card or, as on every route, field errors or a `detail` for a malformed body.
        response: {
          200: localConfirmSuccessSchema,
          400: z.union([localConfirmFailureSchema, fieldErrorBodySchema]),
          404: localConfirmFailureSchema,
        },
      },
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const result = await provider.confirmWithTestCard(request.body.client_secret, request.body.card_number)
      if (result.event) await deliver(result.event)
      if (result.status === 'succeeded') return { status: 'succeeded' as const }
      return reply.code(result.statusCode).send({ status: 'failed' as const, error: result.error, detail: result.error })
    },
  )
}
