import type { Pixel } from '@funnelry/shared'
import { getAccessToken, getRefreshToken } from '../../../lib/token-storage'
import { injectPixels } from './inject-pixels'

/**
 * A browser holding a dashboard session belongs to a seller, not to an ad visitor. Seller scripts
 * run on the same origin as the dashboard, so one seller's pixel must never run where it could
 * read another seller's (or their own) stored tokens.
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
