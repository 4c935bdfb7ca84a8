import { bumpOfferFields } from '@funnelry/shared'
import { paidAddOnFormSpec } from './paid-add-on-form-spec'

/** The BUMP offer form: only the URL is required (spec section 5); everything else has a 'show' box. */
export const bumpOfferFormSpec = paidAddOnFormSpec('bump', bumpOfferFields, {
  required: ['url'],
  optional: ['headline', 'description', 'old_price', 'new_price'],
  images: ['asset_image'],
})
export type BumpOfferFormValues = typeof bumpOfferFormSpec.empty
