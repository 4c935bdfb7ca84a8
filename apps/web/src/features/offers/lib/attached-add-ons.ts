import type { FreeOffer } from '@funnelry/shared'
import type { Attached } from '../../../components/funnel-chart'

/** Which add-ons a free offer has now, for its funnel numbers. */
export const attachedAddOns = (offer: Pick<FreeOffer, 'bump_offer_id' | 'upsell_offer_id' | 'after_purchase'>): Attached => ({
  bump: offer.bump_offer_id !== null,
  upsell: offer.upsell_offer_id !== null,
  afterPurchaseSteps: offer.after_purchase.length,
})
