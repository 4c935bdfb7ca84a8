import type { TestApp } from '../../../test/build-test-app.js'
import { createSeller } from '../../../test/factories.js'
import { configureWebhook, insertFreeOffer } from '../../../test/funnel-factories.js'
import { findOfferLinks, type OfferNames } from '../offers/offer-links.js'
import { createSellerService } from '../sellers/seller-service.js'
import { findLeadOffer, type LeadOffer } from './lead-offers.js'

/** Helpers the lead capture tests share (never imported by the app). */

/** The offers and sellers modules' real services that name a lead's offer, for code built outside the app. */
export const offerNamesOf = (ctx: TestApp): OfferNames => ({
  offerLinks: findOfferLinks,
  businessNames: createSellerService({ db: ctx.db, now: ctx.clock.now }).businessNames,
})

/**
 * A new seller's free offer, as lead recording reads it, and a CRM webhook whose address does not
 * resolve: its deliveries only fail and retry in the background, while every lead still owes one.
 */
export async function offerWithWebhook(ctx: TestApp, headline: string): Promise<{ sellerId: string; offer: LeadOffer }> {
  const sellerId = (await createSeller(ctx)).seller.id
  const { id } = await insertFreeOffer(ctx, sellerId, { headline })
  const offer = await findLeadOffer(ctx.db, offerNamesOf(ctx), id)
  if (!offer) throw new Error('the offer was not stored')
  await configureWebhook(ctx, sellerId, 'https://crm.example/hook')
  return { sellerId, offer }
}
