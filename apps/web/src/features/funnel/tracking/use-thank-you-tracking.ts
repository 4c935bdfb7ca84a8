import type { OrderReceipt } from '@funnelry/shared'
import { useEffect } from 'react'
import { trackPurchaseOnce } from '../lib/purchase-event'
import { isLivePublicPage } from './live-public-page'
import { offerIdOfReceipt, startPixelsForOffer } from './thank-you-tracking'

/**
 * Decision D29 on the thank-you page: the seller's pixels run there too (their loaders count the
 * page view), and a paid order's purchase is sent once. Only on the live page the server rendered,
 * never in the dashboard app.
 */
export function useThankYouTracking(receipt: OrderReceipt | null): void {
  const offerId = offerIdOfReceipt(receipt)
  useEffect(() => {
    if (offerId && isLivePublicPage()) void startPixelsForOffer(offerId)
  }, [offerId])
  useEffect(() => {
    if (receipt && isLivePublicPage()) trackPurchaseOnce(receipt)
  }, [receipt])
}
