import { useEffect } from 'react'
import { useOrderReceipt } from '../hooks/use-order-receipt'
import { useReceiptBranding } from '../hooks/use-receipt-branding'
import { replayRecentToasts } from '../lib/funnel-toast'
import { useThankYouTracking } from '../tracking/use-thank-you-tracking'
import { OfferFooter } from './offer-footer'
import { FunnelStyles } from './offer-layout'
import { OrderReceiptSummary } from './order-receipt-summary'

export const thankYouTexts = {
  'free-offer': {
    title: 'Congratulations for Claiming Your Free Download!',
    text: 'Check your email address to get the free download.',
  },
  purchase: {
    title: 'Thank You For Your Purchase!',
    text: 'Please check your email address to get your free download and extra product purchases.',
  },
} as const

/** Decision D25: with the order read, the links are on this page; the email is a copy. */
export const downloadsBelowText = 'Your download links are below. We also send them to your email address.'

type ThankYouViewProps = { type: string | null; order: string | null }

/**
 * The visitor's last page (spec section 2). With the order's reference it shows what was bought
 * and the total, and runs the seller's pixels with a paid order's purchase, once per order (D29).
 * Rendered by the server and hydrated by the public script (issue 11).
 */
export function ThankYouView({ type, order }: ThankYouViewProps) {
  const { title, text } = type === 'free-offer' ? thankYouTexts['free-offer'] : thankYouTexts.purchase
  const receipt = useOrderReceipt(order)
  const branding = useReceiptBranding(receipt)
  // 'Payment succeeded!' was raised on the offer page just before this page loaded.
  useEffect(replayRecentToasts, [])
  useThankYouTracking(receipt)

  return (
    <div className="fy">
      <FunnelStyles />
      {branding?.logo && (
        <header className="fy-header">
          <img src={branding.logo} alt={branding.brand} className="fy-logo" height={40} />
        </header>
      )}
      <main className="fy-thanks">
        <div className="fy-thanks-card">
          <svg aria-hidden="true" width="72" height="72" viewBox="0 0 24 24" fill="#2e7d32">
            <path d="M12 2C6.48 2 2 6.48 2 12s4.48 10 10 10 10-4.48 10-10S17.52 2 12 2zM9.29 16.29 5.7 12.7a.996.996 0 1 1 1.41-1.41L10 14.17l6.88-6.88a.996.996 0 1 1 1.41 1.41l-7.59 7.59a.996.996 0 0 1-1.41 0z" />
          </svg>
          <h1>{title}</h1>
          <p className="fy-muted">{receipt ? downloadsBelowText : text}</p>
          {/* An expired or unknown reference shows no summary; the emails hold everything. */}
          {receipt && <OrderReceiptSummary receipt={receipt} />}
        </div>
      </main>
      {branding && <OfferFooter links={branding.storeLinks} />}
    </div>
  )
}
