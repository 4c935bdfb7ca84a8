import type { ApiModule } from '../../lib/api-module.js'
import { offerRoutes } from './offer-routes.js'
import { createOfferServices, type OfferServices } from './offer-services.js'

export type { OfferPublicContext, SellerOfferContext } from './free-offer-publishing.js'
export type { FreeOfferWithAttachments } from './free-offer-repository.js'
export { formBody, offerFormLimits } from './multipart-form.js'
export { offeredBump, offeredUpsell } from './offer-attachments.js'
export type { FindOfferLinks, OfferNames } from './offer-links.js'
export type { OfferPageVersions, PageContent } from './offer-page-versions.js'
export { bumpOfferView, freeOfferView, upsellOfferView } from './offer-read-views.js'
export type { OfferServices } from './offer-services.js'
export type { OfferUsage, OfferUsageCount } from './offer-usage.js'
export type { PostPurchaseSteps, StepOffer } from './post-purchase-offers.js'
export { type PublicOffer, preparePublicOffer, type RenderOfferPage } from './public-offer-cache.js'

type Deps = Parameters<typeof createOfferServices>[0] & { publicUrl: string; maxUploadBytes: number }

/** Offers: the free offer and its paid add-ons (BUMP and upsell), their images, and the public read cache. */
export function createOffersModule(deps: Deps): ApiModule<OfferServices> {
  const offers = createOfferServices(deps)
  const { publicUrl, maxUploadBytes } = deps
  return { services: offers, routes: async (api) => api.register(offerRoutes, { offers, publicUrl, maxUploadBytes }) }
}
