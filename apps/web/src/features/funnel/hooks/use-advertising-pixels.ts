import type { Pixel } from '@funnelry/shared'
import { useEffect } from 'react'
import { getAccessToken, getRefreshToken } from '../../../lib/token-storage'
import { injectPixels } from '../lib/inject-pixels'

/**
 * A browser holding a dashboard session belongs to a seller, not to an ad visitor. Seller scripts
 * run on the same origin as the dashboard, so one seller's pixel must never run where it could
 * read another seller's (or their own) stored tokens.
 */
const holdsDashboardSession = () => getAccessToken() !== null || getRefreshToken() !== null

/** Runs the seller's pixels while the live offer page is shown; `enabled` is false in preview. */
export function useAdvertisingPixels(pixels: readonly Pixel[] | undefined, enabled: boolean) {
  useEffect(() => {
    if (!enabled || !pixels || pixels.length === 0 || holdsDashboardSession()) return
    return injectPixels(pixels)
  }, [pixels, enabled])
}
