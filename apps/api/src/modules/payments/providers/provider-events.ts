import Stripe from 'stripe'
import { z } from 'zod'
import { type PaymentEvent, type Refund, type SettledRefund, WebhookRejectedError } from './provider.js'

/**
 * Both providers deliver events in Stripe's shape, signed with Stripe's `Stripe-Signature`
 * scheme (the local provider signs with its own secret), so one verifier and one reader serve both.
 * The reader takes only the fields the product uses and checks them, instead of trusting a cast.
 */

const envelopeSchema = z.object({
  id: z.string(),
  type: z.string(),
  // Set on events from connected accounts (Connect webhooks).
  account: z.string().nullish(),
  data: z.object({ object: z.unknown() }),
})

const intentSchema = z.object({
  id: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  metadata: z.record(z.string(), z.string()).nullish(),
  last_payment_error: z.object({ message: z.string().nullish() }).nullish(),
})

const accountSchema = z.object({ id: z.string(), charges_enabled: z.boolean() })

const refundSchema = z.object({
  id: z.string(),
  amount: z.number().int(),
  status: z.string().nullish(),
  metadata: z.record(z.string(), z.string()).nullish(),
})
/** `charge.refunded` carries its refunds only when they are expanded (older API versions); otherwise none. */
const refundedChargeSchema = z.object({ refunds: z.object({ data: z.array(refundSchema) }).nullish() })

/** Stripe's refund states, as the contract names them (`requires_action` is still under way). */
export const toRefundStatus = (status: string | null | undefined): Refund['status'] =>
  status === 'succeeded' || status === 'failed' || status === 'canceled' ? status : 'pending'

const settledRefund = (refund: z.infer<typeof refundSchema>): SettledRefund => ({
  id: refund.id,
  amountCents: refund.amount,
  status: toRefundStatus(refund.status),
  metadata: refund.metadata ?? {},
})

export function readProviderEvent(json: unknown): PaymentEvent {
  const envelope = envelopeSchema.parse(json)
  switch (envelope.type) {
    case 'payment_intent.succeeded':
    case 'payment_intent.payment_failed': {
      const intent = intentSchema.parse(envelope.data.object)
      return {
        type: envelope.type,
        eventId: envelope.id,
        intentId: intent.id,
        accountId: envelope.account ?? null,
        amountCents: intent.amount,
        currency: intent.currency,
        metadata: intent.metadata ?? {},
        failureMessage: envelope.type === 'payment_intent.payment_failed' ? (intent.last_payment_error?.message ?? null) : null,
      }
    }
    case 'refund.updated':
    case 'charge.refunded': {
      const refunds =
        envelope.type === 'refund.updated'
          ? [refundSchema.parse(envelope.data.object)]
          : (refundedChargeSchema.parse(envelope.data.object).refunds?.data ?? [])
      return { type: 'refund.updated', eventId: envelope.id, accountId: envelope.account ?? null, refunds: refunds.map(settledRefund) }
    }
    case 'account.updated': {
      const account = accountSchema.parse(envelope.data.object)
      return { type: 'account.updated', eventId: envelope.id, accountId: account.id, chargesEnabled: account.charges_enabled }
    }
    default:
      return { type: 'ignored', eventId: envelope.id, providerType: envelope.type }
  }
}

/** Verifies the `Stripe-Signature` header over the raw body (and its age), then reads the event. */
export function verifyProviderEvent(rawBody: Buffer | string, signatureHeader: string | undefined, secret: string): PaymentEvent {
  if (!signatureHeader) throw new WebhookRejectedError('The webhook has no signature.')
  let json: unknown
  try {
    json = Stripe.webhooks.constructEvent(rawBody, signatureHeader, secret)
  } catch (error) {
    throw new WebhookRejectedError(error instanceof Error ? error.message : 'The webhook signature does not match.')
  }
  try {
    return readProviderEvent(json)
  } catch {
    throw new WebhookRejectedError('The webhook body is not an event this product understands.')
  }
}

/** Signs a body the way Stripe does; used by the local provider and by tests of the Stripe one. */
export function signProviderEvent(payload: string, secret: string, timestamp?: number): string {
  return Stripe.webhooks.generateTestHeaderString({ payload, secret, ...(timestamp === undefined ? {} : { timestamp }) })
}
