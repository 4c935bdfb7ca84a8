import type { Pixel } from '@funnelry/shared'
import { getAccessToken, getRefreshToken } from '../../../lib/token-storage'
import { injectPixels } from './inject-pixels'

/**
 * Live pages are served on the pages origin (decision D23), whose storage never holds a dashboard
 * session, and the dashboard's origin only shows previews, which run no pixels. This check stays
 * as a second line: should a live page ever render where tokens are stored, no pixel runs there.
 */
const holdsDashboardSession = () => getAccessToken() !== null || getRefreshToken() !== null

/**
 * Runs the seller's pixels once per page load (React-free: the page's first script runs them as
 * soon as it loads); returns what removes them, or nothing when none may run.
 */
export function runSellerPixels(pixels: readonly Pixel[] | undefined): (() => void) | undefined {
  if (!pixels || pixels.length === 0 || holdsDashboardSession()) return undefined
  return injectPixels(pixels)
}
