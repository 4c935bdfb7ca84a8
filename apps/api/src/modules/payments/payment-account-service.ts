import { type AccountStatus, type ConnectAccountResponse, settingsMessages } from '@funnelry/shared'
import type { Database } from '../../db/client.js'
import { AppError, NotFoundError } from '../../lib/errors.js'
import type { SellerService } from '../sellers/sellers-module.js'
import { paymentAccountRepository } from './payment-account-repository.js'
import { type PaymentProvider, ProviderUnavailableError } from './providers/provider.js'

type Deps = {
  db: Database
  payments: PaymentProvider
  publicUrl: string
  now: () => Date
  sellers: Pick<SellerService, 'findById' | 'setHasStripeAccount'>
}

/** The provider is down or misconfigured: say so plainly (502), never a bare 500. */
const unavailable = () => new AppError(502, 'The payment provider did not answer. Please try again in a moment.')

async function viaProvider<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work()
  } catch (error) {
    if (error instanceof ProviderUnavailableError) throw unavailable()
    throw error
  }
}

/** Connecting a seller's payment account and knowing whether it can take charges (decisions D10, D14). */
export function createPaymentAccountService({ db, payments, publicUrl, now, sellers }: Deps) {
  /** The seller's account with the configured provider; a row of another provider does not count. */
  const currentAccount = async (sellerId: string) => {
    const row = await paymentAccountRepository.findBySeller(db, sellerId)
    return row && row.provider === payments.name ? row : undefined
  }

  const refresh = async (provider: PaymentProvider['name'], accountId: string) => {
    const { chargesEnabled } = await viaProvider(() => payments.refreshAccountStatus(accountId))
    await paymentAccountRepository.setChargesEnabled(db, provider, accountId, chargesEnabled, now())
    return chargesEnabled
  }

  return {
    async connect(sellerId: string, hasStripeAccount: boolean): Promise<ConnectAccountResponse> {
      const seller = await sellers.findById(sellerId)
      if (!seller) throw new NotFoundError()
      await sellers.setHasStripeAccount(sellerId, hasStripeAccount)

      let account = await currentAccount(sellerId)
      if (account?.chargesEnabled && (await refresh(account.provider, account.accountId))) {
        return { message: settingsMessages.alreadyConnected, url: `${publicUrl}/thank-you-stripe` }
      }
      if (!account) {
        const accountId = await viaProvider(() =>
          payments.createOrGetAccount({ sellerId, email: seller.email, hasExistingAccount: hasStripeAccount }),
        )
        account = await paymentAccountRepository.save(db, { sellerId, provider: payments.name, accountId, at: now() })
      }
      const url = await viaProvider(() => payments.onboardingUrl(account.accountId))
      return { message: settingsMessages.connectRedirect, url }
    },

    /** From what is stored, never asking the provider: the account with the configured provider can take charges. */
    canTakeCharges: async (sellerId: string) => (await currentAccount(sellerId))?.chargesEnabled === true,

    /** Asks the provider each time (the return page calls this right after onboarding). */
    async status(sellerId: string): Promise<AccountStatus> {
      const account = await currentAccount(sellerId)
      if (!account) return { connected: false }
      return { connected: await refresh(account.provider, account.accountId) }
    },

    /** A fresh onboarding link for an account we know (Stripe's refresh_url lands here). */
    async freshOnboardingUrl(accountId: string): Promise<string> {
      const account = await paymentAccountRepository.findByAccount(db, payments.name, accountId)
      if (!account) throw new NotFoundError('This payment account is not known here.')
      return viaProvider(() => payments.onboardingUrl(accountId))
    },

    /**
     * Stripe's `account.updated` event. Events can arrive late and out of order, so the event only
     * says "look again": the state stored is the one the provider reports now.
     */
    async applyAccountUpdate(accountId: string): Promise<void> {
      const account = await paymentAccountRepository.findByAccount(db, payments.name, accountId)
      if (account) await refresh(account.provider, account.accountId)
    },
  }
}
export type PaymentAccountService = ReturnType<typeof createPaymentAccountService>
