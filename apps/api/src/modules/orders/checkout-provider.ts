import { paymentMessages } from '@funnelry/shared'
import type { Executor } from '../../db/client.js'
import { PaymentError } from '../../lib/errors.js'
import { type PaymentIntent, type PaymentProvider, type PaymentServices, ProviderUnavailableError } from '../payments/payments-module.js'

/** What the orders module uses of the payments module's services. */
export type CheckoutPayments = Pick<PaymentServices, 'provider' | 'accountOf' | 'currentAccountOf' | 'cardTesting'>

/**
 * The checkout's calls to the payment provider, with the provider's refusals turned into what the
 * visitor should read: unreachable (502), or paid already (the spec's update guard).
 */
export function checkoutProvider({ provider, accountOf: findAccount, currentAccountOf }: CheckoutPayments) {
  const viaProvider = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work()
    } catch (error) {
      if (error instanceof ProviderUnavailableError) throw new PaymentError(paymentMessages.providerUnavailable, 502)
      throw error
    }
  }

  /**
   * A change refused because the intent no longer waits for a payment: paid (or being paid) is the
   * spec's guard; canceled (only a checkout update cancels, so another update of the same order did)
   * answers null and the caller treats the order as having no intent.
   */
  const changeIntent = async (accountId: string, intentId: string, work: () => Promise<PaymentIntent>): Promise<PaymentIntent | null> => {
    try {
      return await viaProvider(work)
    } catch (error) {
      if (!(error instanceof PaymentError) || error.statusCode !== 400) throw error
      const current = await viaProvider(() => provider.retrieveIntent(accountId, intentId))
      if (current.status === 'processing' || current.status === 'succeeded') throw new PaymentError(paymentMessages.alreadyComplete)
      if (current.status === 'canceled') return null
      throw error
    }
  }

  /** The seller's account with the provider in use (a row of another provider does not count). */
  const accountOf = async (db: Executor, sellerId: string) => {
    const account = await findAccount(db, sellerId)
    return account?.provider === provider.name ? account : undefined
  }

  return {
    viaProvider,
    accountOf,

    /** The account's id when it can take charges now; otherwise the visitor learns the seller is not ready. */
    async chargeableAccount(sellerId: string) {
      const found = await currentAccountOf(sellerId)
      const account = found?.provider === provider.name ? found : undefined
      if (!account?.chargesEnabled) throw new PaymentError(paymentMessages.sellerCannotTakePayments)
      return account.accountId
    },

    create: (request: Parameters<PaymentProvider['createIntent']>[0]) => viaProvider(() => provider.createIntent(request)),

    /** The intent with its new amount, or null when it was canceled meanwhile. */
    update: (accountId: string, intentId: string, amountCents: number) =>
      changeIntent(accountId, intentId, () => provider.updateIntent({ accountId, intentId, amountCents })),

    /** Canceled now or already: either way it can no longer be paid. */
    cancel: async (accountId: string, intentId: string): Promise<void> => {
      await changeIntent(accountId, intentId, () => provider.cancelIntent(accountId, intentId))
    },
  }
}
