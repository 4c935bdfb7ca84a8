import type { FreeOffer, OrderReceipt } from '@funnelry/shared'
import { useEffect } from 'react'
import { publicRequest } from '../lib/public-request'
import { trackPurchaseOnce } from '../lib/purchase-event'
import { isLivePublicPage } from './live-public-page'
import { startSellerTracking } from './start-seller-tracking'

/** The seller's pixels of the offer the order came from (its public read, cached by the server). */
async function startForOffer(offerId: string): Promise<void> {
  try {
    const offer = await publicRequest<FreeOffer>('GET', `/free-product/${encodeURIComponent(offerId)}/`)
    startSellerTracking(offer.advertising_pixels, { consentRequired: offer.consent_required })
  } catch {
    // No offer to read (archived since): the page runs no pixels.
  }
}

/**
 * Decision D29 on the thank-you page: the seller's pixels run there too (their loaders count the
 * page view), and a paid order's purchase is sent once. Only on the live page the server rendered,
 * never in the dashboard app.
 */
export function useThankYouTracking(receipt: OrderReceipt | null): void {
  const offerId = receipt?.items.find((item) => item.kind === 'free')?.id
  useEffect(() => {
    if (offerId && isLivePublicPage()) void startForOffer(offerId)
  }, [offerId])
  useEffect(() => {
    if (receipt && isLivePublicPage()) trackPurchaseOnce(receipt)
  }, [receipt])
}
