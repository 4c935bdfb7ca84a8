import type { Config } from '../../../config.js'
import type { Database, Executor } from '../../../db/client.js'
import type { LinkSigner } from './link-signer.js'
import { createLocalPaymentProvider, type LocalPaymentProvider } from './local-provider.js'
import type { PaymentProvider } from './provider.js'
import { createStripePaymentProvider } from './stripe-provider.js'

/** `stripe` when the operator set Stripe keys, the local test provider otherwise (config.ts decides). */
export function createPaymentProvider(deps: {
  config: Config
  db: Database
  signer: LinkSigner
  now: () => Date
  settleLater?: ((tx: Executor, intentIds: string[]) => Promise<void>) | undefined
}): PaymentProvider {
  const { config, db, signer, now, settleLater } = deps
  if (config.paymentProvider === 'stripe' && config.STRIPE_SECRET_KEY) {
    return createStripePaymentProvider({
      secretKey: config.STRIPE_SECRET_KEY,
      ...(config.STRIPE_WEBHOOK_SECRET ? { webhookSecret: config.STRIPE_WEBHOOK_SECRET } : {}),
      ...(config.STRIPE_API_URL ? { apiUrl: config.STRIPE_API_URL } : {}),
      publicUrl: config.publicUrl,
      platformFeePercent: config.PLATFORM_FEE_PERCENT,
      signer,
    })
  }
  return createLocalPaymentProvider({ db, publicUrl: config.publicUrl, signer, now, settleLater })
}

export function isLocalProvider(provider: PaymentProvider): provider is LocalPaymentProvider {
  return provider.name === 'local' && 'completeOnboarding' in provider
}
