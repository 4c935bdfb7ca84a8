import type { Pixel, StoreLinks } from '@funnelry/shared'
import type { OfferPublicContextService } from '../settings/settings-module.js'

/** What a free offer's public page needs from its seller's settings. */
export type FreeOfferPublishing = {
  showUrl: (offerId: string) => string
  advertising_pixels: Pixel[]
  consent_required: boolean
  store_links: StoreLinks
}

/**
 * The one place that assembles `show_url` (on the seller's verified custom domain, else the pages origin),
 * `advertising_pixels` and `store_links`, from the seller's settings, which the settings module's
 * service reads. Loaded once per seller, so a list page shares it.
 */
export function createFreeOfferPublishing(settings: OfferPublicContextService) {
  return async (sellerId: string): Promise<FreeOfferPublishing> => {
    const context = await settings.forSeller(sellerId)
    return {
      showUrl: (offerId) => `${context.linkBase}/free-offer/${offerId}`,
      advertising_pixels: context.advertising_pixels,
      consent_required: context.consent_required,
      store_links: context.store_links,
    }
  }
}
export type LoadFreeOfferPublishing = ReturnType<typeof createFreeOfferPublishing>
