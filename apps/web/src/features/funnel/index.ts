/**
 * The funnel feature's public entry: what the app, the public pages' scripts (src/public) and other
 * features may use of it (a lint rule keeps them out of the rest). Screens are loaders, so each
 * stays a chunk of its own.
 */
export { PublicOfferPage } from './components/public-offer-page'
export { ThankYouView } from './components/thank-you-view'
export { checkoutMemory } from './lib/checkout-memory'
export { earlyOptInScript } from './lib/early-opt-in'
export { countPageViewOnce } from './lib/page-view-once'
export { paidVisit } from './lib/paid-visit'
export { type AnsweredPress, earlyPostPurchasePressScript, startPostPurchasePage } from './lib/post-purchase-first-script'
export { startSellerTracking } from './tracking/start-seller-tracking'

export const funnelPages = {
  freeOffer: () => import('./pages/free-offer-page'),
  thankYouPurchase: () => import('./pages/thank-you-purchase-page'),
  upsellOfferPreview: () => import('./pages/upsell-offer-preview-page'),
}
