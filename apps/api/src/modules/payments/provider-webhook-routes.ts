import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { AppError } from '../../lib/errors.js'
import type { PaymentAccountService } from './payment-account-service.js'
import { type PaymentEvent, type PaymentProvider, ProviderUnavailableError, WebhookRejectedError } from './providers/provider.js'

export type PaymentIntentEvent = Extract<PaymentEvent, { type: 'payment_intent.succeeded' | 'payment_intent.payment_failed' }>
export type RefundEvent = Extract<PaymentEvent, { type: 'refund.updated' }>

type Options = {
  payments: PaymentProvider
  accounts: PaymentAccountService
  /** The funnel issue's order fulfilment; until it exists, payment events are acknowledged and logged. */
  onPaymentEvent?: (event: PaymentIntentEvent) => Promise<void>
  /** Decision D35: a refund the provider answered `pending` settles when it says so (orders module). */
  onRefundEvent?: (event: RefundEvent) => Promise<void>
}

/**
 * The provider's signed event endpoint (Stripe's Connect webhook). The signature covers the exact
 * bytes sent, so this plugin keeps JSON bodies raw; it is encapsulated, other routes still parse JSON.
 * A 2xx tells the provider to stop retrying, so it is sent only after the event was handled.
 */
export const providerWebhookRoutes: FastifyPluginAsyncZod<Options> = async (app, { payments, accounts, onPaymentEvent, onRefundEvent }) => {
  app.removeContentTypeParser('application/json')
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 512 * 1024 }, (_request, body, done) => done(null, body))

  app.post(
    '/stripe/webhook/',
    {
      schema: {
        tags: ['payments'],
        summary:
          'Signed provider events: account.updated, payment_intent.succeeded, payment_intent.payment_failed, refund.updated, charge.refunded',
        response: { 200: z.object({ received: z.literal(true) }) },
      },
      config: { rateLimit: { max: 600, timeWindow: '1 minute' } },
    },
    async (request) => {
      const signature = request.headers['stripe-signature']
      let event: PaymentEvent
      try {
        if (!Buffer.isBuffer(request.body)) throw new WebhookRejectedError('The webhook body is missing.')
        event = payments.parseWebhook(request.body, typeof signature === 'string' ? signature : undefined)
      } catch (error) {
        if (error instanceof WebhookRejectedError) throw new AppError(400, error.message)
        if (error instanceof ProviderUnavailableError) throw new AppError(503, error.message)
        throw error
      }
      if (event.type === 'account.updated') await accounts.applyAccountUpdate(event.accountId)
      else if (event.type === 'refund.updated') {
        if (onRefundEvent) await onRefundEvent(event)
      } else if (event.type !== 'ignored') {
        if (onPaymentEvent) await onPaymentEvent(event)
        else request.log.warn({ event: event.type, intent: event.intentId }, 'payment event received before order handling exists')
      }
      return { received: true as const }
    },
  )
}
