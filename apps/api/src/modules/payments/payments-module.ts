import type { Config } from '../../config.js'
import type { Database, Executor } from '../../db/client.js'
import type { ApiModule } from '../../lib/api-module.js'
import { batchedCalls } from '../../lib/batched-calls.js'
import { createMemoryLimitStore, type LimitStore } from '../../lib/limit-store.js'
import type { SellerService } from '../sellers/sellers-module.js'
import { type CardTestingLimits, createCardTestingLimits } from './card-testing-limits.js'
import { localChallengeRoutes } from './local-challenge-routes.js'
import { localConfirmRoutes } from './local-confirm-routes.js'
import { localOnboardingRoutes } from './local-onboarding-routes.js'
import { paymentAccountRepository } from './payment-account-repository.js'
import { paymentAccountRoutes } from './payment-account-routes.js'
import { createPaymentAccountService } from './payment-account-service.js'
import { type PaymentIntentEvent, providerWebhookRoutes, type RefundEvent } from './provider-webhook-routes.js'
import { createPaymentProvider, isLocalProvider } from './providers/create-provider.js'
import { createLinkSigner, type LinkSigner, loadLinkSigningKey } from './providers/link-signer.js'
import type { PaymentProvider } from './providers/provider.js'

type Deps = {
  config: Config
  db: Database
  now: () => Date
  /** From config (Stripe keys or the local test provider) unless a test passes one. */
  provider?: PaymentProvider | undefined
  sellers: Pick<SellerService, 'findById' | 'setHasStripeAccount'>
  /** Order fulfilment (orders module) for payment_intent events: Stripe's webhook and the local card form. */
  onPaymentEvent?: (event: PaymentIntentEvent) => Promise<void>
  /** Decision D35: refunds the provider settles later (a `pending` one), for the orders module. */
  onRefundEvent?: (event: RefundEvent) => Promise<void>
  /**
   * Queues, in the transaction that records a local test payment, the settlement that runs should
   * this process die before handling its event (the orders module's `settle-payments` job).
   */
  settleLater?: (tx: Executor, intentIds: string[]) => Promise<void>
  /** Where card-testing declines are counted (shared by every process through Redis when set); in memory otherwise. */
  limits?: LimitStore | undefined
  cardTestingLimits?: CardTestingLimits | undefined
}

async function createPaymentServices({ config, db, now, provider, sellers, settleLater, limits, cardTestingLimits }: Deps) {
  const signer: LinkSigner = createLinkSigner(await loadLinkSigningKey(config))
  const payments = provider ?? createPaymentProvider({ config, db, signer, now, settleLater })
  return {
    provider: payments,
    signer,
    accounts: createPaymentAccountService({ db, payments, publicUrl: config.publicUrl, now, sellers }),
    /** A seller's payment account, read in the caller's transaction (the checkout's). */
    accountOf: (executor: Executor, sellerId: string) => paymentAccountRepository.findBySeller(executor, sellerId),
    /**
     * A seller's payment account as committed when asked, outside any transaction: concurrent
     * checkouts' reads go out together in one query (a call never joins a read under way).
     */
    currentAccountOf: batchedCalls(async (sellerIds: string[]) => {
      const found = await paymentAccountRepository.findBySellers(db, [...new Set(sellerIds)])
      return sellerIds.map((sellerId) => found.get(sellerId))
    }),
    /** Decision D24: card testing is stopped by its declines, per intent, card, email and address. */
    cardTesting: createCardTestingLimits(limits ?? createMemoryLimitStore(), cardTestingLimits),
  }
}
export type PaymentServices = Awaited<ReturnType<typeof createPaymentServices>>

export { type CardTestingGuard, type CardTestingLimits, cardTestingMessages, defaultCardTestingLimits } from './card-testing-limits.js'
export type { PaymentIntentEvent, RefundEvent } from './provider-webhook-routes.js'
export {
  type PaymentIntent,
  type PaymentProvider,
  ProviderUnavailableError,
  type Refund,
  type SavedCardCharge,
  savedCardChargeOf,
} from './providers/provider.js'

/** Payments: the provider in use, the seller's payment account, the provider's webhook and the local test pages. */
export async function createPaymentsModule(deps: Deps): Promise<ApiModule<PaymentServices>> {
  const payments = await createPaymentServices(deps)
  const { onPaymentEvent, onRefundEvent } = deps
  const publicUrl = deps.config.publicUrl
  return {
    services: payments,
    routes: async (api) => {
      await api.register(paymentAccountRoutes, { accounts: payments.accounts, payments: payments.provider, signer: payments.signer })
      await api.register(providerWebhookRoutes, {
        payments: payments.provider,
        accounts: payments.accounts,
        ...(onPaymentEvent ? { onPaymentEvent } : {}),
        ...(onRefundEvent ? { onRefundEvent } : {}),
      })
      // The onboarding page and the test card form exist only while the local test provider is the one in use.
      if (isLocalProvider(payments.provider)) {
        await api.register(localOnboardingRoutes, { provider: payments.provider, publicUrl })
        await api.register(localChallengeRoutes, {
          provider: payments.provider,
          merchantOf: async (accountId: string) => {
            const account = await paymentAccountRepository.findByAccount(deps.db, 'local', accountId)
            return account ? ((await deps.sellers.findById(account.sellerId))?.businessName ?? null) : null
          },
          ...(onPaymentEvent ? { onPaymentEvent } : {}),
        })
        await api.register(localConfirmRoutes, {
          provider: payments.provider,
          cardTesting: payments.cardTesting,
          ...(onPaymentEvent ? { onPaymentEvent } : {}),
        })
      }
    },
  }
}
