import type { StoreLinks } from '@funnelry/shared'
import type { ReactNode } from 'react'
import { funnelCss } from '../styles/funnel-css'
import { OfferFooter } from './offer-footer'
import { PreviewRibbon } from './preview-ribbon'
import { SellerLogoBar } from './seller-logo-bar'

type OfferLayoutProps = {
  logo: string | null
  brand: string
  storeLinks?: StoreLinks
  preview: boolean
  children: ReactNode
}

/**
 * The frame of every visitor page: the seller's logo bar, one narrow column (a phone's width
 * is the design target; larger screens get the same column centred), and the footer links.
 * It carries its own styles, so the server's HTML paints complete before any script (issue 11).
 */
export function OfferLayout({ logo, brand, storeLinks, preview, children }: OfferLayoutProps) {
  return (
    <div id="funnel-top" className="fy">
      <FunnelStyles />
      {preview && <PreviewRibbon />}
      {logo && <SellerLogoBar logo={logo} name={brand} />}
      <main className="fy-main">{children}</main>
      {storeLinks && <OfferFooter links={storeLinks} />}
    </div>
  )
}

/** The funnel's style sheet, inline (the same element on the server and in the browser). */
export function FunnelStyles() {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: our own constant style sheet, no user input
  return <style dangerouslySetInnerHTML={{ __html: funnelCss }} />
}
