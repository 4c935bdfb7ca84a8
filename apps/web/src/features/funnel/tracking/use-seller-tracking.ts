import type { FreeOffer } from '@funnelry/shared'
import { useEffect } from 'react'
import { startSellerTracking } from './start-seller-tracking'

/** Runs the seller's pixels (D29, D31) while a live offer page is shown; `enabled` is false in preview. */
export function useSellerTracking(offer: Pick<FreeOffer, 'advertising_pixels' | 'consent_required'>, enabled: boolean) {
  const { advertising_pixels: pixels, consent_required: consentRequired } = offer
  useEffect(() => {
    if (enabled) startSellerTracking(pixels, { consentRequired })
  }, [pixels, consentRequired, enabled])
}
