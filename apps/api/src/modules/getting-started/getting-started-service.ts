import type { GettingStarted } from '@funnelry/shared'
import type { OfferServices } from '../offers/offers-module.js'
import type { PaymentServices } from '../payments/payments-module.js'
import type { SellerService } from '../sellers/sellers-module.js'
import type { SettingsServices } from '../settings/settings-module.js'

/** What the checklist asks of the areas that own the data (it reads no table of theirs). */
export type GettingStartedDeps = {
  sellers: Pick<SellerService, 'findById'>
  payments: Pick<PaymentServices['accounts'], 'canTakeCharges'>
  offers: Pick<OfferServices['progress'], 'hasFreeOffer' | 'hasAddOnAttached'>
  domains: Pick<SettingsServices['domains'], 'isVerified'>
  /** Decision D25: 'stored' when the operator set no SMTP_URL (emails are kept, never sent). */
  emailDelivery: GettingStarted['email_delivery']
}

/**
 * The first-run checklist, from what is stored (never asked from the provider: the dashboard asks
 * on every visit, and the stored state follows the provider's events and status checks).
 */
export function createGettingStartedService({ sellers, payments, offers, domains, emailDelivery }: GettingStartedDeps) {
  return {
    async forSeller(sellerId: string): Promise<GettingStarted> {
      const [seller, paymentsConnected, freeOfferCreated, addOnAttached, domainVerified] = await Promise.all([
        sellers.findById(sellerId),
        payments.canTakeCharges(sellerId),
        offers.hasFreeOffer(sellerId),
        offers.hasAddOnAttached(sellerId),
        domains.isVerified(sellerId),
      ])
      return {
        payments_connected: paymentsConnected,
        free_offer_created: freeOfferCreated,
        add_on_attached: addOnAttached,
        domain_verified: domainVerified,
        has_stripe_account: seller?.hasStripeAccount ?? false,
        email_delivery: emailDelivery,
      }
    },
  }
}
export type GettingStartedService = ReturnType<typeof createGettingStartedService>
