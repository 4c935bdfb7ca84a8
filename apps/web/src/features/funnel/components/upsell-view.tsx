import type { AttachedUpsellOffer } from '@funnelry/shared'
import { currencySymbol } from '@funnelry/shared/currency-table'
import { formatMoney } from '@funnelry/shared/money-format'
import { useEffect, useRef } from 'react'
import { FunnelImage } from './funnel-image'
import { columnImageSizes } from './offer-hero'
import { UpsellVideo } from './upsell-video'

export const upsellTexts = {
  banner: 'Wait! Your Order Is Not Yet Complete',
  skip: 'Skip and continue with My order!',
} as const

type UpsellViewProps = { upsell: AttachedUpsellOffer; onAccept: () => void; onSkip: () => void; busy?: boolean }

/** The one-time offer shown once before payment (spec section 2, "Upsell view"). */
export function UpsellView({ upsell, onAccept, onSkip, busy = false }: UpsellViewProps) {
  // The view replaces the one whose button had focus: move focus to its banner, so keyboard and
  // screen-reader users land on (and hear) the new view instead of the page body.
  const banner = useRef<HTMLHeadingElement>(null)
  useEffect(() => banner.current?.focus(), [])
  return (
    <section aria-label="Upsell offer" className="fy-stack">
      <div className="fy-banner">
        <h2 ref={banner} tabIndex={-1}>
          {upsellTexts.banner}
        </h2>
      </div>
      {upsell.video_url && <UpsellVideo url={upsell.video_url} title={upsell.headline} />}
      <h2 className="fy-upsell-title">{upsell.headline}</h2>
      {upsell.asset_image && (
        <FunnelImage src={upsell.asset_image} alt="" className="fy-upsell-image" width={1200} height={800} sizes={columnImageSizes} />
      )}
      {upsell.description && <p className="fy-upsell-text">{upsell.description}</p>}
      {/* biome-ignore lint/a11y/useAriaPropsSupportedByRole: a screen reader names the price */}
      <p aria-label="Upsell price" className="fy-upsell-price">
        {formatMoney(currencySymbol(upsell.currency), upsell.product_price)}
      </p>
      <button type="button" className="fy-button fy-button-success" onClick={onAccept} disabled={busy} aria-busy={busy || undefined}>
        {upsell.opt_in_button}
      </button>
      <div className="fy-center">
        <button type="button" className="fy-link" onClick={onSkip} disabled={busy}>
          {upsellTexts.skip}
        </button>
      </div>
    </section>
  )
}
