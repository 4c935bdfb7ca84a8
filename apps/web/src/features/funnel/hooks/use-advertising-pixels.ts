import type { Pixel } from '@funnelry/shared'
import { useEffect } from 'react'
import { runSellerPixels } from '../lib/seller-pixels'

/** Runs the seller's pixels while the live offer page is shown; `enabled` is false in preview. */
export function useAdvertisingPixels(pixels: readonly Pixel[] | undefined, enabled: boolean) {
  useEffect(() => (enabled ? runSellerPixels(pixels) : undefined), [pixels, enabled])
}
