import type { Pixel, StoreLinks } from '@funnelry/shared'
import type { OfferPublicContextService } from '../settings/settings-module.js'

/** The payments module's answer to "can this seller be paid now?" (decision D27). */
export type SellerPayability = { canTakeCharges: (sellerId: string) => Promise<boolean> }

/** What a free offer's public page needs from its seller's settings. */
export type FreeOfferPublishing = {
  showUrl: (offerId: string) => string
  advertising_pixels: Pixel[]
  consent_required: boolean
  store_links: StoreLinks
  /** Decision D27: whether visitors are offered the paid add-ons (the seller's account can take charges). */
  paidAddOns: boolean
}

/**
 * The one place that assembles `show_url` (on the seller's verified custom domain, else the pages origin),
 * `advertising_pixels` and `store_links`, from the seller's settings, which the settings module's
 * service reads. Loaded once per seller, so a list page shares it.
 */
export function createFreeOfferPublishing(settings: OfferPublicContextService, payments: SellerPayability) {
  return async (sellerId: string): Promise<FreeOfferPublishing> => {
    const [context, paidAddOns] = await Promise.all([settings.forSeller(sellerId), payments.canTakeCharges(sellerId)])
    return {
      showUrl: (offerId) => `${context.linkBase}/free-offer/${offerId}`,
      advertising_pixels: context.advertising_pixels,
      consent_required: context.consent_required,
      store_links: context.store_links,
      paidAddOns,
    }
  }
}
export type LoadFreeOfferPublishing = ReturnType<typeof createFreeOfferPublishing>
