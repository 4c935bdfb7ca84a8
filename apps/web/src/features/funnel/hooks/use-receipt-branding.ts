import type { FreeOffer, OrderReceipt, StoreLinks } from '@funnelry/shared'
import { useEffect, useState } from 'react'
import { publicRequest } from '../lib/public-request'

export type ReceiptBranding = { logo: string | null; brand: string; storeLinks: StoreLinks }

/**
 * The seller's logo and company links for the thank-you page (issue 22, point 9), as the offer
 * page showed them: read from the public offer the receipt names. Null until then, and when the
 * offer can no longer be read (the thanks and the downloads show without them).
 */
export function useReceiptBranding(receipt: OrderReceipt | null): ReceiptBranding | null {
  const offerId = receipt?.items.find((item) => item.kind === 'free')?.id ?? null
  const [branding, setBranding] = useState<ReceiptBranding | null>(null)
  useEffect(() => {
    if (!offerId) return
    const abort = new AbortController()
    publicRequest<FreeOffer>('GET', `/free-product/${encodeURIComponent(offerId)}/`, undefined, abort.signal).then(
      (offer) => setBranding({ logo: offer.logo, brand: offer.headline, storeLinks: offer.store_links }),
      () => undefined,
    )
    return () => abort.abort()
  }, [offerId])
  return branding
}
