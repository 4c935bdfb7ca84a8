import type { FreeOffer, OrderReceipt } from '@funnelry/shared'
import { publicRequest } from '../lib/public-request'
import { trackPurchaseOnce } from '../lib/purchase-event'
import { isLivePublicPage } from './live-public-page'
import { startSellerTracking } from './start-seller-tracking'

/** The seller's pixels of the offer the order came from (its public read, cached by the server). */
export async function startPixelsForOffer(offerId: string): Promise<void> {
  try {
    const offer = await publicRequest<FreeOffer>('GET', `/free-product/${encodeURIComponent(offerId)}/`)
    startSellerTracking(offer.advertising_pixels, { consentRequired: offer.consent_required })
  } catch {
    // No offer to read (archived since): the page runs no pixels.
  }
}

/** The free offer an order came from, whose pixels run on its thank-you page. */
export const offerIdOfReceipt = (receipt: OrderReceipt | null) => receipt?.items.find((item) => item.kind === 'free')?.id

/**
 * Decision D29 without React, for a post-purchase step the server rendered (issue 26): the pixels
 * run and the paid order's purchase is sent once, as the thank-you page's hook does.
 */
export function startThankYouTracking(receipt: OrderReceipt): void {
  if (!isLivePublicPage()) return
  const offerId = offerIdOfReceipt(receipt)
  if (offerId) void startPixelsForOffer(offerId)
  trackPurchaseOnce(receipt)
}
