import type { Pixel } from '@funnelry/shared'

/**
 * Runs the seller's pixels on a live public page (seller-scripts.ts). The loader, the platforms'
 * snippets and the consent banner are a chunk of their own, downloaded only when the seller has
 * pixels: a page without any pays nothing for them.
 */
export function startSellerTracking(pixels: readonly Pixel[] | undefined, options: { consentRequired: boolean }): void {
  if (!pixels || pixels.length === 0) return
  void import('./seller-scripts').then(({ runSellerTracking }) => runSellerTracking(pixels, options))
}
