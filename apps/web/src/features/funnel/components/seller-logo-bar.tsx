import { imageSrcSet } from '@funnelry/shared/offers/image-variants'

/**
 * The seller's logo bar at the top of a visitor page (the offer page, the steps after the payment
 * and the thank-you page). 40 px high: the bar never changes height; the 240 px WebP is plenty for
 * a logo. Low priority: on a phone the browser raised it beside the hero image, whose load it slowed.
 */
export function SellerLogoBar({ logo, name }: { logo: string; name: string }) {
  return (
    <header className="fy-header">
      <img
        src={logo}
        srcSet={imageSrcSet(logo) ?? undefined}
        sizes="240px"
        alt={name}
        className="fy-logo"
        height={40}
        fetchPriority="low"
      />
    </header>
  )
}
