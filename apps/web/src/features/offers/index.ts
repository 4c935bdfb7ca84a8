/**
 * The offers feature's public entry: what other features may use of it. Anything else under
 * features/offers is its own business (a lint rule keeps other features out of it).
 */
export { getFreeOffer } from './api/get-free-offer'
export { type FreeOfferChoice, freeOfferChoicesQueryOptions, useFreeOfferChoices } from './api/get-free-offers'
export { paidAddOnQueryOptions, usePaidAddOn } from './api/get-paid-add-on'
export type { PaidAddOn, PaidAddOnKind } from './api/paid-add-on-endpoints'

/** The offer screens, as loaders so each stays a chunk of its own. */
export const offerPages = {
  freeOffers: () => import('./pages/free-offers-page'),
  bumpOffers: () => import('./pages/bump-offers-page'),
  upsellOffers: () => import('./pages/upsell-offers-page'),
  freeOfferForm: () => import('./pages/free-offer-form-page'),
  bumpOfferForm: () => import('./pages/bump-offer-form-page'),
  upsellOfferForm: () => import('./pages/upsell-offer-form-page'),
  splitTest: () => import('./pages/split-test-page'),
}
