import type { Pixel, StoreLinks } from '@funnelry/shared'
/** The payments module's answer to "can this seller be paid now?" (decision D27). */
export type SellerPayability = { canTakeCharges: (sellerId: string) => Promise<boolean> }

/**
 * What a seller's settings add to their public offers, as the offers module asks for it (the settings
 * module answers it, reading its own tables; like `SellerPayability`, the asking module names what it
 * needs, so neither module's code imports the other's upward).
 */
export type OfferPublicContext = {
  /** `https://<verified custom domain>` or the pages origin (PAGES_URL), without a trailing slash. */
  linkBase: string
  advertising_pixels: Pixel[]
  /** Decision D31: no pixel runs before the visitor accepts. */
  consent_required: boolean
  store_links: StoreLinks
}
export type SellerOfferContext = { forSeller: (sellerId: string) => Promise<OfferPublicContext> }

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
export function createFreeOfferPublishing(settings: SellerOfferContext, payments: SellerPayability) {
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
