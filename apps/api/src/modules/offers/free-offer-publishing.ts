import type { Pixel, StoreLinks } from '@funnelry/shared'

/** What a free offer's public page needs from its seller's settings. */
export type FreeOfferPublishing = {
  showUrl: (offerId: string) => string
  advertising_pixels: Pixel[]
  store_links: StoreLinks
}

/**
 * The one place that assembles `show_url`, `advertising_pixels` and `store_links`. Loaded once per
 * seller (a list page shares it). The settings issue extends it: the seller's custom domain for
 * `show_url`, their pixels and their company links.
 */
export function createFreeOfferPublishing({ publicUrl }: { publicUrl: string }) {
  return async (_sellerId: string): Promise<FreeOfferPublishing> => ({
    showUrl: (offerId) => `${publicUrl}/free-offer/${offerId}`,
    advertising_pixels: [],
    store_links: { privacy_policy: null, terms_and_conditions: null, support_link: null },
  })
}
export type LoadFreeOfferPublishing = ReturnType<typeof createFreeOfferPublishing>
