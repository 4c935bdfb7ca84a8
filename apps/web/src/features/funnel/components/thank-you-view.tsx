import type { PostPurchaseStep } from '@funnelry/shared/funnel/public-page'
import { useEffect, useRef, useState } from 'react'
import { useOrderReceipt } from '../hooks/use-order-receipt'
import { usePostPurchase } from '../hooks/use-post-purchase'
import { useReceiptBranding } from '../hooks/use-receipt-branding'
import { keepFunnelToastsAtBottom, replayRecentToasts } from '../lib/funnel-toast'
import type { AnsweredPress } from '../lib/post-purchase-first-script'
import { useThankYouTracking } from '../tracking/use-thank-you-tracking'
import { OfferFooter } from './offer-footer'
import { FunnelStyles } from './offer-layout'
import { OrderReceiptSummary } from './order-receipt-summary'
import { PostPurchaseView } from './post-purchase-view'
import { SellerLogoBar } from './seller-logo-bar'

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

type ThankYouViewProps = {
  type: string | null
  order: string | null
  /** Issue 26: the post-purchase step the server rendered into the page. */
  step?: PostPurchaseStep | null
  /** Issue 26: the first script's "Yes" and its answer, for React to carry on from (post-purchase-view.tsx). */
  answered?: AnsweredPress | null
}

/**
 * The visitor's last page (spec section 2). With the order's reference it shows what was bought
 * and the total, and runs the seller's pixels with a paid order's purchase, once per order (D29).
 * Rendered by the server and hydrated by the public script (issue 11).
 */
export function ThankYouView({ type, order, step = null, answered = null }: ThankYouViewProps) {
  const { title, text } = type === 'free-offer' ? thankYouTexts['free-offer'] : thankYouTexts.purchase
  const [receiptVersion, setReceiptVersion] = useState(0)
  const receipt = useOrderReceipt(order, receiptVersion)
  const branding = useReceiptBranding(receipt)
  // Decision D34: a paid order's one-click offers come first; the thank-you page lists every charge after.
  const paid = receipt === null ? null : receipt.status === 'paid'
  const postPurchase = usePostPurchase(type === 'free-offer' ? null : order, type === 'free-offer' ? false : paid, step)
  const { flow } = postPurchase
  const offered = useRef(false)
  if (flow.kind === 'offer') offered.current = true
  useEffect(() => {
    if (flow.kind === 'done' && offered.current) setReceiptVersion((version) => version + 1)
  }, [flow.kind])
  // The post-purchase step's heading and authentication card are at the top: no toast over them.
  useEffect(() => (flow.kind === 'offer' ? keepFunnelToastsAtBottom() : undefined), [flow.kind])
  // 'Payment succeeded!' was raised on the offer page just before this page loaded.
  useEffect(replayRecentToasts, [])
  useThankYouTracking(receipt)
  // Issue 26: a step carries the seller's logo, so the server's HTML paints with it; it stays
  // after the steps until the receipt's offer is read (the thank-you page's own branding).
  // Once a press has been answered, each offer shown next waits a moment from when it shows, and from each tap on it (offer-pause.ts).
  const afterPress = useRef(false)
  const nextOffer = () => {
    afterPress.current = true
    return postPurchase.reload()
  }
  const stepLogo = useRef<{ logo: string; name: string } | null>(null)
  if (flow.kind === 'offer') stepLogo.current = flow.state.logo ? { logo: flow.state.logo, name: flow.state.business_name } : null
  const logoBar = flow.kind === 'offer' || !branding?.logo ? stepLogo.current : { logo: branding.logo, name: branding.brand }

  return (
    <div className="fy">
      <FunnelStyles />
      {logoBar && <SellerLogoBar logo={logoBar.logo} name={logoBar.name} />}
      {flow.kind === 'offer' && order ? (
        <main className="fy-main">
          <PostPurchaseView
            reference={order}
            state={flow.state}
            onNext={nextOffer}
            afterPress={afterPress.current}
            onFinish={postPurchase.finish}
            answered={flow.state === step ? answered : null}
          />
        </main>
      ) : (
        <main className="fy-thanks" aria-busy={flow.kind === 'loading' && paid === true ? true : undefined}>
          <div className="fy-thanks-card" hidden={flow.kind === 'loading' && paid === true}>
            <svg aria-hidden="true" width="72" height="72" viewBox="0 0 24 24" fill="#2e7d32">
              <path d="M12 2C6.48 2 2 6.48 2 12s4.48 10 10 10 10-4.48 10-10S17.52 2 12 2zM9.29 16.29 5.7 12.7a.996.996 0 1 1 1.41-1.41L10 14.17l6.88-6.88a.996.996 0 1 1 1.41 1.41l-7.59 7.59a.996.996 0 0 1-1.41 0z" />
            </svg>
            <h1>{title}</h1>
            <p className="fy-muted">{receipt ? downloadsBelowText : text}</p>
            {/* An expired or unknown reference shows no summary; the emails hold everything. */}
            {receipt && <OrderReceiptSummary receipt={receipt} />}
          </div>
        </main>
      )}
      {branding && <OfferFooter links={branding.storeLinks} />}
    </div>
  )
}
