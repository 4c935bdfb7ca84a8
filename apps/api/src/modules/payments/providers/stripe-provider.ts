import Stripe from 'stripe'
import { PaymentError } from '../../../lib/errors.js'
import type { LinkSigner } from './link-signer.js'
import {
  type CreateIntentRequest,
  type PaymentIntent,
  type PaymentProvider,
  ProviderUnavailableError,
  toCurrencyCode,
  toIntentStatus,
  type UpdateIntentRequest,
} from './provider.js'
import { toRefundStatus, verifyProviderEvent } from './provider-events.js'
import { chargeStripeSavedCard } from './stripe-saved-card.js'

/**
 * Stripe Connect: each seller has a Standard connected account (they own it and its dashboard),
 * onboarded through Account Links; payments are direct charges on that account with the
 * platform fee as an application fee (decisions, "Payment providers").
 */
export type StripeProviderOptions = {
  secretKey: string
  webhookSecret?: string
  /** Test and development only: where the SDK sends its requests instead of api.stripe.com. */
  apiUrl?: string
  publicUrl: string
  platformFeePercent: number
  signer: LinkSigner
}

export const stripeRefreshLinkPath = '/api/v1/stripe/account/refresh-link/'
const refreshPurpose = 'stripe-refresh-link'

/** SDK options that point it at STRIPE_API_URL (host, port and protocol). */
export function stripeHostOptions(apiUrl: string | undefined): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> {
  if (!apiUrl) return {}
  const url = new URL(apiUrl)
  const protocol = url.protocol === 'http:' ? 'http' : 'https'
  return { host: url.hostname, port: url.port || (protocol === 'http' ? 80 : 443), protocol }
}

/** Stripe's own refusals (a bad parameter, an unknown object) become payment errors the caller can show. */
async function call<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work()
  } catch (error) {
    if (error instanceof Stripe.errors.StripeInvalidRequestError || error instanceof Stripe.errors.StripeCardError) {
      throw new PaymentError(error.message, error.statusCode === 404 ? 404 : 400)
    }
    if (error instanceof Stripe.errors.StripeError) throw new ProviderUnavailableError(`Stripe: ${error.message}`)
    throw error
  }
}

export function createStripePaymentProvider(options: StripeProviderOptions): PaymentProvider {
  const stripe = new Stripe(options.secretKey, {
    ...stripeHostOptions(options.apiUrl),
    timeout: 20_000,
    maxNetworkRetries: 2,
    appInfo: { name: 'Funnelry' },
  })

  const applicationFee = (amountCents: number) => Math.round((amountCents * options.platformFeePercent) / 100)

  const toIntent = (intent: Stripe.PaymentIntent, accountId: string): PaymentIntent => {
    if (!intent.client_secret) throw new ProviderUnavailableError('Stripe returned a payment intent without a client secret.')
    return {
      id: intent.id,
      clientSecret: intent.client_secret,
      status: toIntentStatus(intent.status),
      accountId,
      amountCents: intent.amount,
      currency: toCurrencyCode(intent.currency),
      metadata: intent.metadata,
      lastError: intent.last_payment_error?.message ?? null,
      declineCode: intent.last_payment_error?.decline_code ?? intent.last_payment_error?.code ?? null,
    }
  }

  /** Decision D34: a customer on the seller's account, so the first payment's card can be saved to it. */
  const customerFor = async (request: CreateIntentRequest) => {
    if (!request.saveCardFor) return {}
    const customer = await stripe.customers.create(
      { email: request.saveCardFor.email, name: request.saveCardFor.name, metadata: request.metadata },
      { stripeAccount: request.accountId, idempotencyKey: `${request.idempotencyKey}-customer` },
    )
    return { customer: customer.id, setup_future_usage: 'off_session' as const }
  }

  return {
    name: 'stripe',

    createOrGetAccount: ({ sellerId, email, hasExistingAccount }) =>
      call(async () => {
        // Standard onboarding itself offers to sign in to an existing Stripe account (D14 "Yes")
        // or to open a new one ("No"); the key makes a retried connect return the same account.
        const account = await stripe.accounts.create(
          { type: 'standard', email, metadata: { seller_id: sellerId, has_existing_account: String(hasExistingAccount) } },
          { idempotencyKey: `connect-account-${sellerId}-${hasExistingAccount ? 'existing' : 'new'}` },
        )
        return account.id
      }),

    onboardingUrl: (accountId) =>
      call(async () => {
        const refresh = new URLSearchParams({ account: accountId, token: options.signer.sign(refreshPurpose, accountId) })
        const link = await stripe.accountLinks.create({
          account: accountId,
          type: 'account_onboarding',
          return_url: `${options.publicUrl}/thank-you-stripe`,
          // Account links are single-use and expire; Stripe sends the seller here to get a new one.
          refresh_url: `${options.publicUrl}${stripeRefreshLinkPath}?${refresh.toString()}`,
        })
        return link.url
      }),

    refreshAccountStatus: (accountId) =>
      call(async () => {
        const account = await stripe.accounts.retrieve(accountId)
        return { chargesEnabled: account.charges_enabled === true }
      }),

    createIntent: (request: CreateIntentRequest) =>
      call(async () => {
        const fee = applicationFee(request.amountCents)
        const saving = await customerFor(request)
        const intent = await stripe.paymentIntents.create(
          {
            amount: request.amountCents,
            currency: request.currency,
            metadata: request.metadata,
            automatic_payment_methods: { enabled: true },
            ...saving,
            ...(fee > 0 ? { application_fee_amount: fee } : {}),
          },
          { stripeAccount: request.accountId, idempotencyKey: request.idempotencyKey },
        )
        return toIntent(intent, request.accountId)
      }),

    updateIntent: (request: UpdateIntentRequest) =>
      call(async () => {
        const fee = request.amountCents === undefined ? 0 : applicationFee(request.amountCents)
        const intent = await stripe.paymentIntents.update(
          request.intentId,
          {
            ...(request.amountCents === undefined ? {} : { amount: request.amountCents }),
            ...(request.metadata === undefined ? {} : { metadata: request.metadata }),
            ...(fee > 0 ? { application_fee_amount: fee } : {}),
          },
          { stripeAccount: request.accountId },
        )
        return toIntent(intent, request.accountId)
      }),

    retrieveIntent: (accountId, intentId) =>
      call(async () => toIntent(await stripe.paymentIntents.retrieve(intentId, {}, { stripeAccount: accountId }), accountId)),

    cancelIntent: (accountId, intentId) =>
      call(async () => toIntent(await stripe.paymentIntents.cancel(intentId, {}, { stripeAccount: accountId }), accountId)),

    refund: (request) =>
      call(async () => {
        // A direct charge on the seller's account: the refund is theirs, and our fee goes back in proportion.
        const refund = await stripe.refunds.create(
          {
            // A post-purchase charge may be recorded by its charge id (ch_…) rather than its intent.
            ...(request.intentId.startsWith('ch_') ? { charge: request.intentId } : { payment_intent: request.intentId }),
            amount: request.amountCents,
            refund_application_fee: true,
            metadata: request.metadata,
          },
          { stripeAccount: request.accountId, idempotencyKey: request.idempotencyKey },
        )
        return { id: refund.id, amountCents: refund.amount, status: toRefundStatus(refund.status) }
      }),
    chargeSavedCard: (request) => chargeStripeSavedCard(stripe, request, applicationFee(request.amountCents), toIntent),

    parseWebhook(rawBody, signatureHeader) {
      if (!options.webhookSecret)
        throw new ProviderUnavailableError('STRIPE_WEBHOOK_SECRET is not set, so Stripe events cannot be verified.')
      return verifyProviderEvent(rawBody, signatureHeader, options.webhookSecret)
    },
  }
}

/** Checks the token of a refresh link this provider issued. */
export const verifyStripeRefreshToken = (signer: LinkSigner, accountId: string, token: string | undefined) =>
  signer.verify(refreshPurpose, accountId, token)
