import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { Config } from '../../config.js'
import type { Database } from '../../db/client.js'
import { localConfirmRoutes } from './local-confirm-routes.js'
import { localOnboardingRoutes } from './local-onboarding-routes.js'
import { paymentAccountRoutes } from './payment-account-routes.js'
import { createPaymentAccountService } from './payment-account-service.js'
import { type PaymentIntentEvent, providerWebhookRoutes } from './provider-webhook-routes.js'
import { createPaymentProvider, isLocalProvider } from './providers/create-provider.js'
import { createLinkSigner, type LinkSigner, loadLinkSigningKey } from './providers/link-signer.js'
import type { PaymentProvider } from './providers/provider.js'

type Deps = { config: Config; db: Database; now: () => Date; provider?: PaymentProvider }

/** The payment provider (from config unless a test passes one) and the payment-account service. */
export async function createPaymentServices({ config, db, now, provider }: Deps) {
  const signer: LinkSigner = createLinkSigner(await loadLinkSigningKey(config))
  const payments = provider ?? createPaymentProvider({ config, db, signer, now })
  return {
    provider: payments,
    signer,
    accounts: createPaymentAccountService({ db, payments, publicUrl: config.publicUrl, now }),
  }
}
export type PaymentServices = Awaited<ReturnType<typeof createPaymentServices>>

type ModuleOptions = {
  payments: PaymentServices
  publicUrl: string
  /** Order fulfilment (funnel issue) for payment_intent events: Stripe's webhook and the local card form. */
  onPaymentEvent?: (event: PaymentIntentEvent) => Promise<void>
}

export const paymentsModule: FastifyPluginAsyncZod<ModuleOptions> = async (api, { payments, publicUrl, onPaymentEvent }) => {
  await api.register(paymentAccountRoutes, { accounts: payments.accounts, payments: payments.provider, signer: payments.signer })
  await api.register(providerWebhookRoutes, {
    payments: payments.provider,
    accounts: payments.accounts,
    ...(onPaymentEvent ? { onPaymentEvent } : {}),
  })
  // The onboarding page and the test card form exist only while the local test provider is the one in use.
  if (isLocalProvider(payments.provider)) {
    await api.register(localOnboardingRoutes, { provider: payments.provider, publicUrl })
    await api.register(localConfirmRoutes, { provider: payments.provider, ...(onPaymentEvent ? { onPaymentEvent } : {}) })
  }
}
