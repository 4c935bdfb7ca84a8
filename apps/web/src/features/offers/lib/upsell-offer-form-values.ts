import { upsellOfferFields } from '@funnelry/shared'
import { paidAddOnFormSpec } from './paid-add-on-form-spec'

/** The upsell (OTO) offer form: headline, URL, button text and price are required (spec section 5). */
export const upsellOfferFormSpec = paidAddOnFormSpec('upsell', upsellOfferFields, {
  required: ['headline', 'url', 'opt_in_button', 'product_price'],
  optional: ['video_url', 'description'],
  images: ['asset_image', 'logo'],
})
export type UpsellOfferFormValues = typeof upsellOfferFormSpec.empty
