import type { GettingStarted } from '@funnelry/shared'
import { and, eq, isNotNull, or } from 'drizzle-orm'
import type { Database } from '../../db/client.js'
import { freeOffers, paymentAccounts, sellerDomains, sellers } from '../../db/schema/index.js'
import type { PaymentProvider } from '../payments/payments-module.js'

/**
 * The first-run checklist, from what is stored (never asked from the provider: the dashboard asks
 * on every visit, and the stored state follows the provider's events and status checks).
 */
export function createGettingStartedService({ db, provider }: { db: Database; provider: PaymentProvider['name'] }) {
  return {
    async forSeller(sellerId: string): Promise<GettingStarted> {
      const exists = (query: { limit: (n: number) => Promise<unknown[]> }) => query.limit(1).then((rows) => rows.length > 0)
      const [seller] = await db.select({ hasStripeAccount: sellers.hasStripeAccount }).from(sellers).where(eq(sellers.id, sellerId))
      const [paymentsConnected, freeOfferCreated, addOnAttached, domainVerified] = await Promise.all([
        exists(
          db
            .select({ one: paymentAccounts.sellerId })
            .from(paymentAccounts)
            .where(
              and(eq(paymentAccounts.sellerId, sellerId), eq(paymentAccounts.provider, provider), eq(paymentAccounts.chargesEnabled, true)),
            ),
        ),
        exists(db.select({ one: freeOffers.id }).from(freeOffers).where(eq(freeOffers.sellerId, sellerId))),
        exists(
          db
            .select({ one: freeOffers.id })
            .from(freeOffers)
            .where(and(eq(freeOffers.sellerId, sellerId), or(isNotNull(freeOffers.bumpOfferId), isNotNull(freeOffers.upsellOfferId)))),
        ),
        exists(
          db
            .select({ one: sellerDomains.sellerId })
            .from(sellerDomains)
            .where(and(eq(sellerDomains.sellerId, sellerId), eq(sellerDomains.status, 'verified'))),
        ),
      ])
      return {
        payments_connected: paymentsConnected,
        free_offer_created: freeOfferCreated,
        add_on_attached: addOnAttached,
        domain_verified: domainVerified,
        has_stripe_account: seller?.hasStripeAccount ?? false,
      }
    },
  }
}
export type GettingStartedService = ReturnType<typeof createGettingStartedService>
