import type { Pixel } from '@funnelry/shared'
import { useEffect } from 'react'
import { getAccessToken, getRefreshToken } from '../../../lib/token-storage'
import { injectPixels } from '../lib/inject-pixels'

/**
 * Live pages are served on the pages origin (decision D23), whose storage never holds a dashboard
 * session, and the dashboard's origin only shows previews, which run no pixels. This check stays
 * as a second line: should a live page ever render where tokens are stored, no pixel runs there.
 */
const holdsDashboardSession = () => getAccessToken() !== null || getRefreshToken() !== null

/** Runs the seller's pixels while the live offer page is shown; `enabled` is false in preview. */
export function useAdvertisingPixels(pixels: readonly Pixel[] | undefined, enabled: boolean) {
  useEffect(() => {
    if (!enabled || !pixels || pixels.length === 0 || holdsDashboardSession()) return
    return injectPixels(pixels)
  }, [pixels, enabled])
}
