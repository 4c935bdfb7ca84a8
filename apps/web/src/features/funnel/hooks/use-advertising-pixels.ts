import type { Pixel } from '@funnelry/shared'
import { useEffect } from 'react'
import { injectPixels } from '../lib/inject-pixels'

/** Runs the seller's pixels while the live offer page is shown; `enabled` is false in preview. */
export function useAdvertisingPixels(pixels: readonly Pixel[] | undefined, enabled: boolean) {
  useEffect(() => {
    if (!enabled || !pixels || pixels.length === 0) return
    return injectPixels(pixels)
  }, [pixels, enabled])
}
